print("gadgetboard")
