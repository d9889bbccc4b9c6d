/* Opening a pseudo-terminal for the pty benchmarks: posix_openpt, grantpt,
 * unlockpt and ptsname_r are GNU/XSI declarations the Swift Glibc module
 * does not show, so the Swift harness (Pty.swift) calls this instead. */
#define _GNU_SOURCE
#include "bench_reference.h"
#include <fcntl.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

int bench_pty_open(int columns, int rows, char *name, size_t size) {
    int fd = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return -1;
    if (grantpt(fd) != 0 || unlockpt(fd) != 0 || ptsname_r(fd, name, size) != 0) {
        close(fd);
        return -1;
    }
    struct winsize ws = { (unsigned short)rows, (unsigned short)columns, 0, 0 };
    if (ioctl(fd, TIOCSWINSZ, &ws) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}
