// GadgetRender
