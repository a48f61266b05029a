#pragma once
// Shared pieces of the libFuzzer targets: the embedded reference data (Qt resources, loaded
// once per process so each input costs only the parse) and input splitting for the
// streaming parsers, whose bugs hide at chunk boundaries.

#include "core/import/SeedMetadata.h"
#include "net/providers/InstanceShapes.h"

#include <QByteArray>
#include <QtGlobal>

#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace gpuplanner::fuzz {

inline const core::SeedMetadata &seedMetadata()
{
    static const core::SeedMetadata meta = [] {
        auto loaded = core::loadSeedMetadata(QStringLiteral(":/reference"));
        if (!loaded)
            qFatal("reference data: %s", qPrintable(loaded.errorMessage()));
        return loaded.value();
    }();
    return meta;
}

inline const core::GpuAliasResolver &resolver()
{
    static const core::GpuAliasResolver r = seedMetadata().resolver();
    return r;
}

inline const net::InstanceShapes &shapes()
{
    static const net::InstanceShapes s = [] {
        auto loaded = net::InstanceShapes::loadEmbedded();
        if (!loaded)
            qFatal("instance shapes: %s", qPrintable(loaded.errorMessage()));
        return loaded.value();
    }();
    return s;
}

// The input without copying (the parsers take QByteArray; fromRawData keeps ASan's view of
// the fuzzer's exact buffer, so a read past the end is caught).
inline QByteArray bytes(const std::uint8_t *data, std::size_t size)
{
    return QByteArray::fromRawData(reinterpret_cast<const char *>(data), qsizetype(size));
}

// Chunk size for a streaming feed, taken from the first input byte (1..256), so the fuzzer
// explores boundaries; the rest of the input is the document.
inline std::size_t takeChunkSize(const std::uint8_t *&data, std::size_t &size)
{
    if (size == 0)
        return 1;
    const std::size_t chunk = std::size_t(data[0]) + 1;
    ++data;
    --size;
    return chunk;
}

// A fuzz-found inconsistency that is not a memory error still has to stop the run.
[[noreturn]] inline void fail(const char *what)
{
    qCritical("fuzz invariant broken: %s", what);
    std::abort();
}

} // namespace gpuplanner::fuzz
