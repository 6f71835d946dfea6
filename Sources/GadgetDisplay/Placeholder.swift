// GadgetDisplay
