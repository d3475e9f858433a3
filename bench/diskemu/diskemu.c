/*
 * diskemu: a rotating disk, emulated. One image file served through FUSE as <mountpoint>/disk, whose
 * every read and write completes when a 7200 rpm disk would have completed it; a loop device on that file
 * (queue/rotational = 1) carries any real file system (bench/rotating-disk.sh sets it up).
 *
 *   diskemu [MODEL OPTIONS] serve IMAGE MOUNTPOINT [FUSE OPTIONS]
 *   diskemu [MODEL OPTIONS] trace  < "ARRIVAL_MS R|W OFFSET LENGTH" lines, prints each request's times
 *
 * The model (docs/performance.md, "On an emulated rotating disk"): Ruemmler & Wilkes, "An introduction to
 * disk drive modeling", IEEE Computer 27(3), 1994. Seek: settle + a*sqrt(d) up to a third of the stroke,
 * linear beyond, fitted to the data sheet's track-to-track, average and full-stroke seeks. Rotation: the
 * platter's angle is the modeled clock modulo one turn, tracks skewed by a switch time so that a
 * sequential transfer loses only the switch. Zones of equal cylinder counts, the media rate falling
 * linearly from the outer to the inner zone. The drive's read-ahead: after a read the head goes on
 * reading the rest of its track (--readahead track: and round to the read's start) into a cache segment
 * (LRU among --cache-segments), aborted by the next command that needs the head. Command queue: --queue-depth 1 takes one command at a time, the next
 * chosen by the host's elevator (by offset from the head, --host-queue sorted) or in arrival order
 * (--host-queue fifo); deeper (NCQ, up to 32) picks among the oldest DEPTH commands the one with the
 * shortest positioning time.
 *
 * Time: the modeled clock is the monotonic clock since start, in ms. A command starts when the drive is
 * free and it has arrived; the server sleeps (clock_nanosleep TIMER_ABSTIME) until its modeled completion
 * less --overhead, the measured cost of a FUSE round trip, so that its own cost is not added to the disk's.
 * Stats (<mountpoint>/stats, --stats FILE at exit, a line on stderr at exit) count modeled time, which
 * does not depend on how busy the machine is. Writing "reset", "off" or "on" to <mountpoint>/ctl zeroes
 * the counters and empties the drive's cache, or turns the model off (no delay: to fill the disk) and on;
 * "overhead MS" sets --overhead (bench/rotating-disk.sh measures it with the model off).
 */
#define FUSE_USE_VERSION 31
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <fuse.h>
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAX_ZONES 256
#define MAX_SEGMENTS 256
#define MAX_DEPTH 32

/* Defaults: Hitachi Deskstar 7K1000 (HDS721010KLA330), 1 TB, 7200 rpm; sources in docs/performance.md. */
static struct {
    double rpm, disk_bytes, outer_mbs, inner_mbs, track_seek, avg_seek, full_seek, head_switch, iface_mbs;
    double segment_bytes, overhead_ms;
    int heads, zones, segments, depth, host_fifo, whole_track;
} P = {7200, 1e12, 85, 45, 1.0, 8.7, 15.0, 1.0, 300, 2097152, 0, 10, 16, 16, 1, 0, 0};

struct zone { double start, track_bytes; long first_cyl; };
static struct zone Z[MAX_ZONES];
static long cyls_per_zone, total_cyls;
static double rev_ms, skew, seek_a, seek_settle, third;

/* A segment holds [lo, hi): from req_lo on, as the head passes it after the read (avail_off at avail_t);
 * with whole-track read-ahead, [lo, req_lo) too, once the head has come round again (lo at wrap_t). */
struct segment { double lo, hi, req_lo, avail_off, avail_t, wrap_t, ms_per_byte; long used; };
static struct segment seg[MAX_SEGMENTS];
static long seg_clock;

/* The drive's state: where the head is, when it is free. */
static long cur_cyl, cur_head;
static double drive_free, cur_pos;

static struct {
    long requests, reads, writes, hits, seeks, max_queue;
    double bytes, busy, seek_ms, rot_ms, xfer_ms, first, last, idle;
} S;
/* Until when the drive is occupied: serving a command or reading ahead. Time with neither is idle; the
 * span less that is the occupied time, which counts a read-ahead that a reader's think time overlapped
 * (busy time does not: a reader that waits between its reads would look cheaper than one that does not). */
static double occupied_until;

static void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("diskemu: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

static double frac(double x) {
    double f = x - floor(x);
    return f > 1 - 1e-9 ? 0 : f; /* a skew that exactly hides a switch must not cost a turn by rounding */
}

static void geometry(void) {
    if (P.zones < 1 || P.zones > MAX_ZONES || P.heads < 1 || P.rpm <= 0 || P.segments < 0 || P.segments > MAX_SEGMENTS
        || P.depth < 1 || P.depth > MAX_DEPTH || P.outer_mbs <= 0 || P.inner_mbs <= 0 || P.disk_bytes <= 0
        || !(P.track_seek <= P.avg_seek && P.avg_seek <= P.full_seek) || P.iface_mbs <= 0)
        die("model options out of range");
    rev_ms = 60000.0 / P.rpm;
    double sum = 0;
    for (int z = 0; z < P.zones; z++) {
        double mbs = P.zones == 1 ? P.outer_mbs : P.outer_mbs + (P.inner_mbs - P.outer_mbs) * z / (P.zones - 1);
        Z[z].track_bytes = floor(mbs * 1e6 / (P.rpm / 60.0) / 512) * 512; /* whole sectors a track */
        sum += Z[z].track_bytes;
    }
    cyls_per_zone = (long) ceil(P.disk_bytes / (P.heads * sum));
    total_cyls = cyls_per_zone * P.zones;
    double start = 0;
    for (int z = 0; z < P.zones; z++) {
        Z[z].start = start;
        Z[z].first_cyl = z * cyls_per_zone;
        start += Z[z].track_bytes * P.heads * cyls_per_zone;
    }
    /* t(d) = settle + a*sqrt(d): t(1) = track-to-track, t(D/3) = average; linear from D/3 to full stroke. */
    third = (total_cyls - 1) / 3.0;
    seek_a = third > 1 ? (P.avg_seek - P.track_seek) / (sqrt(third) - 1) : 0;
    seek_settle = P.track_seek - seek_a;
    skew = fmax(P.head_switch, P.track_seek) / rev_ms;
}

static double seek_time(long d) {
    if (d <= 0) return 0;
    if (d <= third) return seek_settle + seek_a * sqrt((double) d);
    return P.avg_seek + (P.full_seek - P.avg_seek) * (d - third) / (total_cyls - 1 - third);
}

struct where { long cyl, head, track; double in_track, track_bytes; };

static struct where locate(double b) {
    int z = P.zones - 1;
    while (z > 0 && b < Z[z].start) z--;
    double off = b - Z[z].start, tb = Z[z].track_bytes, cb = tb * P.heads;
    long c = (long) floor(off / cb);
    if (c >= cyls_per_zone) c = cyls_per_zone - 1;
    double rem = off - c * cb;
    long h = (long) floor(rem / tb);
    struct where w = {Z[z].first_cyl + c, h, (Z[z].first_cyl + c) * P.heads + h, rem - h * tb, tb};
    return w;
}

static double angle_of(struct where w) {
    return frac(w.track * skew + w.in_track / w.track_bytes);
}

/* The time to reach byte b from the head's place at time t: seek or head switch, then the platter. */
static double positioning(double b, double t, double *seek_out, double *rot_out) {
    struct where w = locate(b);
    double s = w.cyl != cur_cyl ? seek_time(labs(w.cyl - cur_cyl)) : w.head != cur_head ? P.head_switch : 0;
    double rot = frac(angle_of(w) - frac((t + s) / rev_ms)) * rev_ms;
    if (seek_out) *seek_out = s;
    if (rot_out) *rot_out = rot;
    return s + rot;
}

static struct segment *cached(double lo, double hi) {
    for (int i = 0; i < P.segments; i++)
        if (seg[i].hi > seg[i].lo && seg[i].lo <= lo && hi <= seg[i].hi) return &seg[i];
    return NULL;
}

static double available_at(struct segment *s, double end) {
    return end <= s->avail_off ? s->avail_t : s->avail_t + (end - s->avail_off) * s->ms_per_byte;
}

static double ready_at(struct segment *s, double lo, double hi) {
    double ready = available_at(s, fmax(hi, s->req_lo));
    if (lo < s->req_lo) ready = fmax(ready, s->wrap_t + (fmin(hi, s->req_lo) - s->lo) * s->ms_per_byte);
    return ready;
}

/* A command that needs the head ends every read-ahead still running at time t where it has got to
 * (the part before the request, read last, is kept only if complete: a segment is one range). */
static void abort_readahead(double t) {
    for (int i = 0; i < P.segments; i++) {
        struct segment *s = &seg[i];
        if (s->hi <= s->lo) continue;
        if (s->lo < s->req_lo && s->wrap_t + (s->req_lo - s->lo) * s->ms_per_byte > t) s->lo = s->req_lo;
        if (available_at(s, s->hi) > t) {
            double reached = t <= s->avail_t ? s->avail_off : s->avail_off + (t - s->avail_t) / s->ms_per_byte;
            s->hi = fmax(s->lo, fmin(s->hi, reached));
        }
    }
}

static void invalidate(double lo, double hi) {
    for (int i = 0; i < P.segments; i++)
        if (seg[i].lo < hi && lo < seg[i].hi) seg[i].lo = seg[i].hi = 0;
}

struct result { double start, done, seek, rot, xfer; long cyl; int hit; };

/* Serves one command starting at `start` (the drive is free then): the heart of the model. */
static struct result serve(int write, double off, double len, double start) {
    struct result r = {start, start, 0, 0, 0, cur_cyl, 0};
    struct segment *s = write ? NULL : cached(off, off + len);
    if (S.requests > 0 && start > occupied_until) S.idle += start - occupied_until;
    S.requests++;
    S.bytes += len;
    if (write) S.writes++; else S.reads++;
    if (s) {
        r.hit = 1;
        r.xfer = len / (P.iface_mbs * 1e3);
        r.done = fmax(start, ready_at(s, off, off + len)) + r.xfer;
        s->used = ++seg_clock;
        S.hits++;
    } else {
        abort_readahead(start);
        occupied_until = start;
        if (write) invalidate(off, off + len);
        struct where w = locate(off);
        if (w.cyl != cur_cyl) S.seeks++;
        positioning(off, start, &r.seek, &r.rot);
        double t = start + r.seek + r.rot, b = off, left = len;
        cur_cyl = w.cyl;
        cur_head = w.head;
        for (;;) {
            double n = fmin(left, w.track_bytes - w.in_track);
            t += n / w.track_bytes * rev_ms;
            r.xfer += n / w.track_bytes * rev_ms;
            b += n;
            left -= n;
            if (left <= 0) break;
            struct where next = locate(b); /* the next track: a head switch or a one-track seek, then skew */
            double sw = next.cyl != w.cyl ? seek_time(labs(next.cyl - w.cyl)) : P.head_switch;
            double wait = sw + frac(angle_of(next) - frac((t + sw) / rev_ms)) * rev_ms;
            r.rot += wait;
            t += wait;
            w = next;
            cur_cyl = w.cyl;
            cur_head = w.head;
        }
        r.done = t;
        cur_pos = off + len;
        if (!write && P.segments > 0) { /* read-ahead: the rest of the last track, into the LRU segment */
            struct where last = locate(off + len - 1);
            double track_start = off + len - 1 - last.in_track, track_end = track_start + last.track_bytes;
            struct segment *v = &seg[0];
            for (int i = 1; i < P.segments; i++) if (seg[i].used < v->used) v = &seg[i];
            v->hi = fmin(track_end, fmax(off, off + len) + P.segment_bytes);
            v->req_lo = v->lo = fmax(off, v->hi - P.segment_bytes);
            v->avail_off = off + len;
            v->avail_t = t;
            v->ms_per_byte = rev_ms / last.track_bytes;
            v->wrap_t = t + (track_end - (off + len)) * v->ms_per_byte;
            /* --readahead track: then on round to the request's start, the whole track cached. */
            if (P.whole_track && off > track_start && track_end - track_start <= P.segment_bytes) v->lo = track_start;
            occupied_until = fmax(occupied_until, ready_at(v, v->lo, v->hi));
            v->used = ++seg_clock;
        }
        S.seek_ms += r.seek;
        S.rot_ms += r.rot;
    }
    r.cyl = cur_cyl;
    S.xfer_ms += r.xfer;
    S.busy += r.done - r.start;
    if (S.requests == 1 || start < S.first) S.first = start;
    if (r.done > S.last) S.last = r.done;
    drive_free = r.done;
    occupied_until = fmax(occupied_until, r.done);
    return r;
}

/* The pending commands, oldest first; the drive sees the oldest `depth` of them. */
struct req {
    long id;
    int write, chosen;
    double off, len, arrival;
    struct result res;
    struct req *next;
};
static struct req *pending;

static struct req *pick(double start) {
    struct req *best = NULL;
    double best_t = 0;
    int n = 0;
    if (P.depth == 1 && !P.host_fifo) {
        /* The host's elevator in front of a disk that takes one command at a time: the next by offset from
         * where the head is, wrapping round (C-LOOK, as mq-deadline sorts). Needed because the loop device
         * hands FUSE every queued request at once, in the order the readers' threads reach the server. */
        for (struct req *q = pending; q; q = q->next) {
            if (q->chosen) continue;
            double key = q->off >= cur_pos ? q->off - cur_pos : q->off + 2 * P.disk_bytes;
            if (!best || key < best_t) { best = q; best_t = key; }
        }
        return best;
    }
    for (struct req *q = pending; q && n < P.depth; q = q->next, n++) {
        if (q->chosen) continue;
        if (P.depth == 1) return q;
        double t = (!q->write && cached(q->off, q->off + q->len)) ? 0 : positioning(q->off, start, NULL, NULL);
        if (!best || t < best_t) { best = q; best_t = t; }
    }
    return best;
}

static void unlink_req(struct req *r) {
    for (struct req **p = &pending; *p; p = &(*p)->next)
        if (*p == r) { *p = r->next; return; }
}

static void reset(void) {
    occupied_until = 0;
    memset(&S, 0, sizeof S);
    memset(seg, 0, sizeof seg);
}

static int stats_text(char *buf, size_t size, double wall_ms) {
    return snprintf(buf, size,
                    "overhead_ms %.4f\nrequests %ld\nreads %ld\nwrites %ld\nbytes %.0f\ncache_hits %ld\nseeks %ld\nbusy_ms %.3f\n"
                    "seek_ms %.3f\nrotation_ms %.3f\ntransfer_ms %.3f\nspan_ms %.3f\noccupied_ms %.3f\nwall_ms %.3f\n"
                    "max_queue %ld\n",
                    P.overhead_ms, S.requests, S.reads, S.writes, S.bytes, S.hits, S.seeks, S.busy, S.seek_ms, S.rot_ms, S.xfer_ms,
                    S.requests ? S.last - S.first : 0.0, S.requests ? S.last - S.first - S.idle : 0.0, wall_ms,
                    S.max_queue);
}

/* ---- trace mode: the model alone, deterministic ---- */

static int trace(void) {
    char line[256];
    long id = 0, queued = 0;
    struct req *tail = NULL;
    while (fgets(line, sizeof line, stdin)) {
        char op;
        struct req *r = calloc(1, sizeof *r);
        if (!r) die("out of memory");
        if (line[0] == '#' || line[0] == '\n') { free(r); continue; }
        if (sscanf(line, "%lf %c %lf %lf", &r->arrival, &op, &r->off, &r->len) != 4 || (op != 'R' && op != 'W')
            || r->off < 0 || r->len <= 0)
            die("trace line %ld: want ARRIVAL_MS R|W OFFSET LENGTH", id + 1);
        r->write = op == 'W';
        r->id = id;
        if (tail) tail->next = r; else pending = r;
        tail = r;
        queued++;
        id++;
    }
    /* The drive sees the requests that have arrived by the time it is free. */
    struct req *input = pending;
    pending = NULL;
    struct req *ptail = NULL;
    double now = 0;
    long served = 0;
    while (served < queued) {
        while (input && (input->arrival <= now || !pending)) {
            struct req *q = input;
            input = input->next;
            q->next = NULL;
            if (ptail) ptail->next = q; else pending = q;
            ptail = q;
            if (q->arrival > now) now = q->arrival;
        }
        long inq = 0;
        for (struct req *q = pending; q; q = q->next) inq++;
        if (inq > S.max_queue) S.max_queue = inq;
        struct req *q = pick(now);
        struct result r = serve(q->write, q->off, q->len, fmax(now, q->arrival));
        printf("%ld %c %.0f %.0f start=%.4f done=%.4f seek=%.4f rot=%.4f xfer=%.4f cyl=%ld hit=%d\n", q->id,
               q->write ? 'W' : 'R', q->off, q->len, r.start, r.done, r.seek, r.rot, r.xfer, r.cyl, r.hit);
        now = r.done;
        unlink_req(q);
        ptail = NULL;
        for (struct req *p = pending; p; p = p->next) ptail = p;
        free(q);
        served++;
    }
    char buf[1024];
    stats_text(buf, sizeof buf, 0);
    fputs(buf, stdout);
    return 0;
}

/* ---- serve mode ---- */

static int image_fd = -1, model_on = 1;
static double image_size;
static struct timespec t0;
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int busy;
static const char *stats_path;
static struct timespec reset_at;

static double ms_since(struct timespec a) {
    struct timespec n;
    clock_gettime(CLOCK_MONOTONIC, &n);
    return (n.tv_sec - a.tv_sec) * 1e3 + (n.tv_nsec - a.tv_nsec) / 1e6;
}

static void sleep_until(double ms) {
    struct timespec ts = t0;
    long long ns = (long long) (ms * 1e6);
    ts.tv_sec += ns / 1000000000LL;
    ts.tv_nsec += ns % 1000000000LL;
    if (ts.tv_nsec >= 1000000000L) { ts.tv_sec++; ts.tv_nsec -= 1000000000L; }
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {}
}

/* Called under mu when the drive is free: hands the next command the drive. */
static void dispatch(void) {
    if (busy || !pending) return;
    double now = ms_since(t0);
    struct req *q = pick(fmax(now, drive_free));
    if (!q) return;
    q->res = serve(q->write, q->off, q->len, fmax(fmax(now, drive_free), q->arrival));
    q->chosen = 1;
    busy = 1;
    pthread_cond_broadcast(&cv);
}

static void modeled(int write, off_t off, size_t len) {
    struct req r;
    memset(&r, 0, sizeof r);
    r.write = write;
    r.off = (double) off;
    r.len = (double) len;
    pthread_mutex_lock(&mu);
    if (!model_on) { pthread_mutex_unlock(&mu); return; }
    r.arrival = ms_since(t0);
    struct req **p = &pending;
    long n = 1;
    while (*p) { p = &(*p)->next; n++; }
    *p = &r;
    if (n > S.max_queue) S.max_queue = n;
    dispatch();
    while (!r.chosen) pthread_cond_wait(&cv, &mu);
    pthread_mutex_unlock(&mu);
    sleep_until(r.res.done - P.overhead_ms);
    pthread_mutex_lock(&mu);
    unlink_req(&r);
    busy = 0;
    dispatch();
    pthread_mutex_unlock(&mu);
}

static int fs_getattr(const char *path, struct stat *st, struct fuse_file_info *fi) {
    (void) fi;
    memset(st, 0, sizeof *st);
    st->st_uid = getuid();
    st->st_gid = getgid();
    if (strcmp(path, "/") == 0) { st->st_mode = S_IFDIR | 0755; st->st_nlink = 2; return 0; }
    st->st_nlink = 1;
    if (strcmp(path, "/disk") == 0) { st->st_mode = S_IFREG | 0600; st->st_size = (off_t) image_size; return 0; }
    if (strcmp(path, "/stats") == 0) { st->st_mode = S_IFREG | 0444; st->st_size = 4096; return 0; }
    if (strcmp(path, "/ctl") == 0) { st->st_mode = S_IFREG | 0200; return 0; }
    return -ENOENT;
}

static int fs_readdir(const char *path, void *buf, fuse_fill_dir_t fill, off_t off, struct fuse_file_info *fi,
                      enum fuse_readdir_flags flags) {
    (void) off; (void) fi; (void) flags;
    if (strcmp(path, "/") != 0) return -ENOENT;
    const char *names[] = {".", "..", "disk", "stats", "ctl"};
    for (int i = 0; i < 5; i++) fill(buf, names[i], NULL, 0, 0);
    return 0;
}

static int fs_open(const char *path, struct fuse_file_info *fi) {
    if (strcmp(path, "/disk") && strcmp(path, "/stats") && strcmp(path, "/ctl")) return -ENOENT;
    fi->direct_io = 1; /* no page cache between the loop device and the model: every read reaches the disk */
    return 0;
}

static int fs_read(const char *path, char *buf, size_t size, off_t off, struct fuse_file_info *fi) {
    (void) fi;
    if (strcmp(path, "/stats") == 0) {
        char text[1024];
        pthread_mutex_lock(&mu);
        int n = stats_text(text, sizeof text, ms_since(reset_at));
        pthread_mutex_unlock(&mu);
        if (off >= n) return 0;
        size_t k = (size_t) (n - off) < size ? (size_t) (n - off) : size;
        memcpy(buf, text + off, k);
        return (int) k;
    }
    if (strcmp(path, "/disk")) return -EACCES;
    ssize_t n = pread(image_fd, buf, size, off);
    if (n < 0) return -errno;
    if (n > 0) modeled(0, off, (size_t) n);
    return (int) n;
}

static int fs_write(const char *path, const char *buf, size_t size, off_t off, struct fuse_file_info *fi) {
    (void) fi;
    if (strcmp(path, "/ctl") == 0) {
        pthread_mutex_lock(&mu);
        if (size >= 5 && strncmp(buf, "reset", 5) == 0) { reset(); clock_gettime(CLOCK_MONOTONIC, &reset_at); }
        else if (size >= 3 && strncmp(buf, "off", 3) == 0) model_on = 0;
        else if (size >= 2 && strncmp(buf, "on", 2) == 0) model_on = 1;
        else if (size >= 9 && size < 64 && strncmp(buf, "overhead ", 9) == 0) {
            char v[64];
            memcpy(v, buf + 9, size - 9);
            v[size - 9] = 0; /* a write's bytes are not a C string */
            P.overhead_ms = atof(v);
        }
        else { pthread_mutex_unlock(&mu); return -EINVAL; }
        pthread_mutex_unlock(&mu);
        return (int) size;
    }
    if (strcmp(path, "/disk")) return -EACCES;
    if ((double) off + size > image_size) return -ENOSPC;
    ssize_t n = pwrite(image_fd, buf, size, off);
    if (n < 0) return -errno;
    if (n > 0) modeled(1, off, (size_t) n);
    return (int) n;
}

static int fs_truncate(const char *path, off_t size, struct fuse_file_info *fi) {
    (void) fi; (void) size;
    return strcmp(path, "/ctl") == 0 ? 0 : -EPERM;
}

static int fs_fsync(const char *path, int datasync, struct fuse_file_info *fi) {
    (void) path; (void) fi;
    return datasync ? fdatasync(image_fd) : fsync(image_fd);
}

static void write_stats_at_exit(void) {
    char text[1024];
    stats_text(text, sizeof text, ms_since(reset_at));
    if (stats_path) {
        FILE *f = fopen(stats_path, "w");
        if (!f || fputs(text, f) == EOF || fclose(f) != 0) fprintf(stderr, "diskemu: cannot write %s\n", stats_path);
    }
    fprintf(stderr, "diskemu: %ld requests, %ld seeks, %ld cache hits, %.1f ms modeled busy\n", S.requests, S.seeks,
            S.hits, S.busy);
}

/* More commands in flight than FUSE's default 12, so that an NCQ of 32 can fill. */
static void *fs_init(struct fuse_conn_info *conn, struct fuse_config *cfg) {
    (void) cfg;
    conn->max_background = 64;
    conn->congestion_threshold = 48;
    return NULL;
}

static const struct fuse_operations ops = {
    .init = fs_init, .getattr = fs_getattr, .readdir = fs_readdir, .open = fs_open, .read = fs_read,
    .write = fs_write, .truncate = fs_truncate, .fsync = fs_fsync,
};

static double number(const char *s, const char *opt) {
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s) die("%s: not a number: %s", opt, s);
    switch (*end) {
        case 'K': v *= 1024; end++; break;
        case 'M': v *= 1048576; end++; break;
        case 'G': v *= 1e9; end++; break; /* disk makers' units for sizes of disks */
        case 'T': v *= 1e12; end++; break;
    }
    if (*end) die("%s: not a number: %s", opt, s);
    return v;
}

static void usage(void) {
    fputs("usage: diskemu [MODEL OPTIONS] serve IMAGE MOUNTPOINT [FUSE OPTIONS]\n"
          "       diskemu [MODEL OPTIONS] trace < requests (ARRIVAL_MS R|W OFFSET LENGTH a line)\n"
          "model options (defaults: Hitachi Deskstar 7K1000, docs/performance.md):\n"
          "  --rpm N (7200)  --heads N (10)  --zones N (16)  --disk-size BYTES (1T; the image is its start)\n"
          "  --outer-rate MB/s (85)  --inner-rate MB/s (45)  --track-seek MS (1.0)  --avg-seek MS (8.7)\n"
          "  --full-seek MS (15)  --head-switch MS (1.0)  --interface-rate MB/s (300)\n"
          "  --cache-segments N (16)  --segment-size BYTES (2M)  --queue-depth N (1 = FCFS; 2-32 = NCQ, SPTF)\n"
          "  --readahead rest|track (rest: the rest of the track after a read; track: round to its start too)\n"
          "  --host-queue sorted|fifo (sorted: with depth 1, the host's elevator picks the next by offset)\n"
          "  --overhead MS (0; subtracted from every sleep)  --stats FILE (written at exit)\n",
          stderr);
    exit(2);
}

int main(int argc, char **argv) {
    static const struct option longopts[] = {
        {"rpm", 1, 0, 'r'}, {"heads", 1, 0, 'h'}, {"zones", 1, 0, 'z'}, {"disk-size", 1, 0, 'd'},
        {"outer-rate", 1, 0, 'o'}, {"inner-rate", 1, 0, 'i'}, {"track-seek", 1, 0, 't'}, {"avg-seek", 1, 0, 'a'},
        {"full-seek", 1, 0, 'f'}, {"head-switch", 1, 0, 's'}, {"interface-rate", 1, 0, 'I'},
        {"cache-segments", 1, 0, 'c'}, {"segment-size", 1, 0, 'S'}, {"queue-depth", 1, 0, 'q'},
        {"overhead", 1, 0, 'O'}, {"stats", 1, 0, 'x'}, {"host-queue", 1, 0, 'H'}, {"readahead", 1, 0, 'R'}, {0, 0, 0, 0}};
    int c;
    while ((c = getopt_long(argc, argv, "+", longopts, NULL)) != -1) {
        if (c == '?') usage();
        if (c == 'R') {
            if (strcmp(optarg, "rest") && strcmp(optarg, "track")) die("--readahead: rest or track");
            P.whole_track = strcmp(optarg, "track") == 0;
            continue;
        }
        if (c == 'H') {
            if (strcmp(optarg, "fifo") && strcmp(optarg, "sorted")) die("--host-queue: fifo or sorted");
            P.host_fifo = strcmp(optarg, "fifo") == 0;
            continue;
        }
        double v = c == 'x' ? 0 : number(optarg, "an option");
        switch (c) {
            case 'r': P.rpm = v; break;
            case 'h': P.heads = (int) v; break;
            case 'z': P.zones = (int) v; break;
            case 'd': P.disk_bytes = v; break;
            case 'o': P.outer_mbs = v; break;
            case 'i': P.inner_mbs = v; break;
            case 't': P.track_seek = v; break;
            case 'a': P.avg_seek = v; break;
            case 'f': P.full_seek = v; break;
            case 's': P.head_switch = v; break;
            case 'I': P.iface_mbs = v; break;
            case 'c': P.segments = (int) v; break;
            case 'S': P.segment_bytes = v; break;
            case 'q': P.depth = (int) v; break;
            case 'O': P.overhead_ms = v; break;
            case 'x': stats_path = optarg; break;
        }
    }
    if (optind >= argc) usage();
    geometry();
    if (strcmp(argv[optind], "trace") == 0) return trace();
    if (strcmp(argv[optind], "serve") != 0 || argc - optind < 3) usage();
    const char *image = argv[optind + 1];
    image_fd = open(image, O_RDWR | O_NOFOLLOW | O_CLOEXEC);
    struct stat st;
    if (image_fd < 0 || fstat(image_fd, &st) != 0 || !S_ISREG(st.st_mode))
        die("%s: not a regular file that can be opened: %s", image, strerror(errno));
    image_size = (double) st.st_size;
    if (image_size > P.disk_bytes) die("%s is larger than --disk-size", image);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    reset_at = t0;
    /* fuse_main's arguments: our name, the mount point, then the caller's FUSE options. */
    int fargc = argc - optind - 1;
    char **fargv = calloc((size_t) fargc + 1, sizeof *fargv);
    if (!fargv) die("out of memory");
    fargv[0] = argv[0];
    for (int i = optind + 2; i < argc; i++) fargv[i - optind - 1] = argv[i];
    int rc = fuse_main(fargc, fargv, &ops, NULL);
    write_stats_at_exit();
    return rc;
}
