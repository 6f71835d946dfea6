// The `gadgetboard` executable: argument parsing and exit codes only; the work lives in GadgetApp.
import GadgetSystem

// Every logger the process makes, ours and any library's, writes journal-friendly lines.
GadgetLogging.bootstrap()
Gadgetboard.main()
