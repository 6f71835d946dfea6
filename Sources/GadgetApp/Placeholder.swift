// GadgetApp
