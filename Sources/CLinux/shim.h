#ifndef GADGET_CLINUX_SHIM_H
#define GADGET_CLINUX_SHIM_H
// Linux calls Swift's Glibc module does not bring: epoll, timerfd, adjtimex (whether the
// clock is synchronised) and prctl (a thread's name) (part of libc: nothing to link). Used by
// GadgetSystem only.
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/prctl.h>
#include <sys/timerfd.h>
#include <sys/timex.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>

// prctl is variadic, which Swift cannot call: names the calling thread (the kernel keeps 15 bytes).
static inline int gb_set_thread_name(const char *name) { return prctl(PR_SET_NAME, (unsigned long)name, 0, 0, 0); }

// memfd_create needs _GNU_SOURCE in glibc's headers; the system call itself is plain. Flags are
// MFD_CLOEXEC (1) and MFD_ALLOW_SEALING (2).
static inline int gb_memfd_create(const char *name, unsigned int flags) { return (int)syscall(SYS_memfd_create, name, flags); }

// SCM_RIGHTS (the web helper's frames carry their memfds, issue 40): CMSG_* are macros. The
// control buffer holds at most `capacity` fds; these lay them out and read them back.
static inline size_t gb_cmsg_space_fds(unsigned int count) { return CMSG_SPACE(count * sizeof(int)); }
static inline void gb_cmsg_put_fds(struct msghdr *message, const int *fds, unsigned int count) {
    struct cmsghdr *header = CMSG_FIRSTHDR(message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(count * sizeof(int));
    memcpy(CMSG_DATA(header), fds, count * sizeof(int));
    message->msg_controllen = CMSG_SPACE(count * sizeof(int));
}
// Copies the received fds into `out` (at most `capacity`) and returns how many arrived in total;
// fds past `capacity` are closed here so none leaks.
static inline unsigned int gb_cmsg_take_fds(struct msghdr *message, int *out, unsigned int capacity) {
    unsigned int taken = 0;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(message); header != NULL; header = CMSG_NXTHDR(message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        unsigned int count = (unsigned int)((header->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        const int *fds = (const int *)CMSG_DATA(header);
        for (unsigned int i = 0; i < count; i++) {
            int fd;
            memcpy(&fd, fds + i, sizeof(int));
            if (taken < capacity) out[taken] = fd; else close(fd);
            taken++;
        }
    }
    return taken;
}
#endif
