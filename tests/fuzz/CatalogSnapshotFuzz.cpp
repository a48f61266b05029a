// Team-mirror catalog snapshots. Random bytes rarely carry a valid SHA-256, which would
// keep the fuzzer at the checksum check; so a JSON object input is also parsed again with its
// checksum recomputed, reaching the field readers behind it.

#include "FuzzSupport.h"

#include "core/import/CatalogSnapshot.h"

#include <QCryptographicHash>
#include <QJsonDocument>
#include <QJsonObject>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace gpuplanner;
    const QByteArray input = fuzz::bytes(data, size);
    (void)core::parseSnapshot(input, QStringLiteral("fuzz")).ok();

    const QJsonDocument doc = QJsonDocument::fromJson(input);
    if (!doc.isObject())
        return 0;
    QJsonObject root = doc.object();
    // The same canonical form serializeSnapshot() hashes.
    const QJsonObject content{{QStringLiteral("providers"), root.value(QStringLiteral("providers"))},
                              {QStringLiteral("offers"), root.value(QStringLiteral("offers"))},
                              {QStringLiteral("fx_rates"), root.value(QStringLiteral("fx_rates"))}};
    const QByteArray sum = QCryptographicHash::hash(QJsonDocument(content).toJson(QJsonDocument::Compact),
                                                    QCryptographicHash::Sha256).toHex();
    root.insert(QStringLiteral("sha256"), QString::fromLatin1(sum));
    const auto snapshot = core::parseSnapshot(QJsonDocument(root).toJson(QJsonDocument::Compact), QStringLiteral("fuzz"));
    if (snapshot) {
        // What was read must write back and read again.
        if (!core::parseSnapshot(core::serializeSnapshot(*snapshot), QStringLiteral("again")).ok())
            fuzz::fail("a parsed snapshot does not survive serializeSnapshot");
    }
    return 0;
}
