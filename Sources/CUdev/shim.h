// libudev (Debian: libudev-dev): the kernel's device uevents, for display hotplug.
#include <libudev.h>
