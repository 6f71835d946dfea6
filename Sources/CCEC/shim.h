#ifndef GADGET_CCEC_SHIM_H
#define GADGET_CCEC_SHIM_H
// The kernel's HDMI-CEC API (<linux/cec.h>, Documentation/userspace-api/media/cec): the ioctl
// request numbers are _IOWR macros Swift cannot import, and ioctl(2) is variadic, so each call is
// one static inline wrapper here. Part of the kernel headers: nothing to link. Used by
// GadgetPower only.
#include <sys/ioctl.h>
#include <linux/cec.h>

static inline int gb_cec_get_caps(int fd, struct cec_caps *caps) { return ioctl(fd, CEC_ADAP_G_CAPS, caps); }
static inline int gb_cec_get_phys_addr(int fd, __u16 *addr) { return ioctl(fd, CEC_ADAP_G_PHYS_ADDR, addr); }
static inline int gb_cec_get_log_addrs(int fd, struct cec_log_addrs *addrs) { return ioctl(fd, CEC_ADAP_G_LOG_ADDRS, addrs); }
static inline int gb_cec_set_log_addrs(int fd, struct cec_log_addrs *addrs) { return ioctl(fd, CEC_ADAP_S_LOG_ADDRS, addrs); }
static inline int gb_cec_transmit(int fd, struct cec_msg *msg) { return ioctl(fd, CEC_TRANSMIT, msg); }
static inline int gb_cec_set_mode(int fd, __u32 *mode) { return ioctl(fd, CEC_S_MODE, mode); }

// Constants defined as macros with casts or expressions Swift may not import.
static const __u32 GB_CEC_CAP_LOG_ADDRS = CEC_CAP_LOG_ADDRS;
static const __u32 GB_CEC_CAP_TRANSMIT = CEC_CAP_TRANSMIT;
static const __u32 GB_CEC_MODE_INITIATOR = CEC_MODE_INITIATOR;
static const __u32 GB_CEC_TX_STATUS_OK = CEC_TX_STATUS_OK;
static const __u32 GB_CEC_VENDOR_ID_NONE = CEC_VENDOR_ID_NONE;
#endif
