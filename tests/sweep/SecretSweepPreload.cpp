// The secret sweep's probe (scripts/secret-sweep.sh): preloaded into every test process, it reads
// each file the process is about to delete or replace (unlink, unlinkat, rename over it) under
// GPUPLANNER_SWEEP_ROOT and appends every secret marker found (GPUPLANNER_SWEEP_MARKERS, one per
// line in that file) to GPUPLANNER_SWEEP_LOG, so files a test writes and removes are swept too.
// Each process also adds "files N bytes M" at exit, for the sweep's totals.

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

struct Sweep
{
    bool enabled = false;
    std::string root;
    std::string log;
    std::vector<std::string> markers;
    std::atomic<long long> files{0};
    std::atomic<long long> bytes{0};

    Sweep()
    {
        const char *r = std::getenv("GPUPLANNER_SWEEP_ROOT");
        const char *l = std::getenv("GPUPLANNER_SWEEP_LOG");
        const char *m = std::getenv("GPUPLANNER_SWEEP_MARKERS");
        if (!r || !l || !m)
            return;
        root = r;
        log = l;
        if (FILE *f = std::fopen(m, "r")) {
            char line[512];
            while (std::fgets(line, sizeof line, f)) {
                std::string s(line);
                while (!s.empty() && (s.back() == '\n' || s.back() == '\r'))
                    s.pop_back();
                if (s.size() >= 4)
                    markers.push_back(s);
            }
            std::fclose(f);
        }
        enabled = !markers.empty();
    }

    ~Sweep()
    {
        if (!enabled || files.load() == 0)
            return;
        append("files " + std::to_string(files.load()) + " bytes " + std::to_string(bytes.load()) + "\n");
    }

    void append(const std::string &text) const
    {
        const int fd = ::open(log.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
        if (fd < 0)
            return;
        (void)!::write(fd, text.data(), text.size());
        ::close(fd);
    }

    void scan(int dirfd, const char *path)
    {
        if (!enabled || !path)
            return;
        std::string full = path;
        if (path[0] != '/') {
            if (dirfd != AT_FDCWD)
                return; // relative to another folder: not resolved here
            char cwd[4096];
            if (!::getcwd(cwd, sizeof cwd))
                return;
            full = std::string(cwd) + "/" + path;
        }
        if (full.compare(0, root.size(), root) != 0)
            return;
        struct stat st{};
        if (::lstat(full.c_str(), &st) != 0 || !S_ISREG(st.st_mode))
            return;
        const int fd = ::open(full.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0)
            return;
        std::string content;
        content.resize(std::size_t(st.st_size));
        std::size_t at = 0;
        while (at < content.size()) {
            const ssize_t n = ::read(fd, content.data() + at, content.size() - at);
            if (n <= 0)
                break;
            at += std::size_t(n);
        }
        ::close(fd);
        content.resize(at);
        ++files;
        bytes += (long long)at;
        for (const std::string &marker : markers) {
            if (::memmem(content.data(), content.size(), marker.data(), marker.size()))
                append("LEAK " + full + " holds " + marker + "\n");
        }
    }
};

Sweep &sweep()
{
    static Sweep s;
    return s;
}

template<typename F>
F next(const char *name)
{
    return reinterpret_cast<F>(::dlsym(RTLD_NEXT, name));
}

} // namespace

extern "C" {

int unlink(const char *path)
{
    static auto real = next<int (*)(const char *)>("unlink");
    sweep().scan(AT_FDCWD, path);
    return real(path);
}

int unlinkat(int dirfd, const char *path, int flags)
{
    static auto real = next<int (*)(int, const char *, int)>("unlinkat");
    if (!(flags & AT_REMOVEDIR))
        sweep().scan(dirfd, path);
    return real(dirfd, path, flags);
}

int rename(const char *from, const char *to)
{
    static auto real = next<int (*)(const char *, const char *)>("rename");
    sweep().scan(AT_FDCWD, to);
    return real(from, to);
}

int renameat(int fromDir, const char *from, int toDir, const char *to)
{
    static auto real = next<int (*)(int, const char *, int, const char *)>("renameat");
    sweep().scan(toDir, to);
    return real(fromDir, from, toDir, to);
}

} // extern "C"
