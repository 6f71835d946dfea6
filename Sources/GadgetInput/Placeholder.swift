// GadgetInput
