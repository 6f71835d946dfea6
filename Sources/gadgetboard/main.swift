// The `gadgetboard` executable: argument parsing and exit codes only; the work lives in GadgetApp.
Gadgetboard.main()
