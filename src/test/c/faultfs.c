/*
 * faultfs: a FUSE file system for dirdump's tests (testing.FaultFs starts it), serving a few files
 * in its root whose reads behave as asked, one argument a file:
 *
 *   faultfs MOUNTPOINT NAME:SIZE:MODE[:FROM[:TO]] ...
 *
 * MODE: normal (bytes of a pattern), hang (a read that reaches byte FROM is never answered: the caller
 * waits in the kernel until the server ends or the file system is unmounted), eio (a read of any byte
 * from FROM to TO fails with EIO, whole). FROM: 0 if left out; TO: the file's size. The server runs in the foreground, multithreaded
 * (a hanging read holds one of its threads), mounted read-only; it prints nothing once mounted.
 */
#define FUSE_USE_VERSION 31
#include <errno.h>
#include <fuse.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum mode { NORMAL, HANG, EIO_FAIL };

struct file {
    char name[256];
    off_t size;
    enum mode mode;
    off_t from;
    off_t to;
};

static struct file files[64];
static int nfiles;
static pthread_mutex_t never = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t answered = PTHREAD_COND_INITIALIZER;

static struct file *find(const char *path) {
    if (path[0] != '/') {
        return NULL;
    }
    for (int i = 0; i < nfiles; i++) {
        if (strcmp(path + 1, files[i].name) == 0) {
            return &files[i];
        }
    }
    return NULL;
}

static int ff_getattr(const char *path, struct stat *st, struct fuse_file_info *fi) {
    (void) fi;
    memset(st, 0, sizeof *st);
    if (strcmp(path, "/") == 0) {
        st->st_mode = S_IFDIR | 0755;
        st->st_nlink = 2;
        return 0;
    }
    struct file *f = find(path);
    if (f == NULL) {
        return -ENOENT;
    }
    st->st_mode = S_IFREG | 0644;
    st->st_nlink = 1;
    st->st_size = f->size;
    st->st_blocks = (f->size + 511) / 512;  /* not sparse */
    st->st_ino = 2 + (f - files);
    return 0;
}

static int ff_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t off, struct fuse_file_info *fi,
                      enum fuse_readdir_flags flags) {
    (void) off;
    (void) fi;
    (void) flags;
    if (strcmp(path, "/") != 0) {
        return -ENOENT;
    }
    fill(buf, ".", NULL, 0, 0);
    fill(buf, "..", NULL, 0, 0);
    for (int i = 0; i < nfiles; i++) {
        fill(buf, files[i].name, NULL, 0, 0);
    }
    return 0;
}

static int ff_open(const char *path, struct fuse_file_info *fi) {
    if (find(path) == NULL) {
        return -ENOENT;
    }
    if ((fi->flags & O_ACCMODE) != O_RDONLY) {
        return -EACCES;
    }
    fi->keep_cache = 1;  /* else each open drops the file's cached pages */
    return 0;
}

static int ff_read(const char *path, char *buf, size_t size, off_t off, struct fuse_file_info *fi) {
    (void) fi;
    struct file *f = find(path);
    if (f == NULL) {
        return -ENOENT;
    }
    if (off >= f->size) {
        return 0;
    }
    if ((off_t) size > f->size - off) {
        size = f->size - off;
    }
    if (f->mode == HANG && off + (off_t) size > f->from) {
        pthread_mutex_lock(&never);
        for (;;) {
            pthread_cond_wait(&answered, &never);  /* never signalled: the server's end ends it */
        }
    }
    /* Whole: a short read would be taken for the file's end, and the rest of its pages zeroed. */
    if (f->mode == EIO_FAIL && off + (off_t) size > f->from && off < f->to) {
        return -EIO;
    }
    for (size_t i = 0; i < size; i++) {
        buf[i] = (char) ('a' + (off + i) % 26);
    }
    return (int) size;
}

static const struct fuse_operations ops = {
    .getattr = ff_getattr,
    .readdir = ff_readdir,
    .open = ff_open,
    .read = ff_read,
};

int main(int argc, char *argv[]) {
    if (argc < 3) {
        fprintf(stderr, "usage: faultfs MOUNTPOINT NAME:SIZE:MODE[:FROM[:TO]] ...\n");
        return 2;
    }
    for (int i = 2; i < argc && nfiles < 64; i++) {
        struct file *f = &files[nfiles++];
        char mode[16] = "";
        long long size = 0, from = 0, to = -1;
        if (sscanf(argv[i], "%255[^:]:%lld:%15[^:]:%lld:%lld", f->name, &size, mode, &from, &to) < 3) {
            fprintf(stderr, "faultfs: not NAME:SIZE:MODE[:FROM[:TO]]: %s\n", argv[i]);
            return 2;
        }
        f->size = size;
        f->from = from;
        f->to = to < 0 ? size : to;
        f->mode = strcmp(mode, "hang") == 0 ? HANG : strcmp(mode, "eio") == 0 ? EIO_FAIL : NORMAL;
        if (f->mode == NORMAL && strcmp(mode, "normal") != 0) {
            fprintf(stderr, "faultfs: no such mode: %s\n", mode);
            return 2;
        }
    }
    char *args[] = {argv[0], "-f", "-o", "ro,fsname=faultfs,max_idle_threads=64", argv[1], NULL};
    return fuse_main(5, args, &ops, NULL);
}
