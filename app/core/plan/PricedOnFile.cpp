#include "core/plan/PricedOnFile.h"

#include "core/io/BoundedFile.h"
#include "core/io/JsonSplice.h"
#include "core/io/SafeFileWriter.h"

#include <QCryptographicHash>
#include <QJsonDocument>

namespace gpuplanner::core {

namespace {

Result<QJsonObject> parseRoot(const QString &path, const QByteArray &bytes)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (!doc.isObject())
        return Error{QStringLiteral("%1: not a JSON object").arg(path)};
    return doc.object();
}

Result<QJsonObject> readRoot(const QString &path)
{
    auto bytes = readBoundedFile(path, kMaxScenarioBytes);
    if (!bytes)
        return Error{bytes.errorMessage()};
    return parseRoot(path, bytes.value());
}

QByteArray fingerprintOf(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256);
}

// The file's text with record as its "priced_on" (every other byte as written), written safely over
// the file only while it still holds what was read (readAs, its SHA-256); returns what it wrote.
Result<QByteArray> writeRecordInto(const QString &path, const QByteArray &original, const QJsonObject &record,
                                   const QByteArray &readAs)
{
    const auto spliced = setTopLevelMember(original, QStringLiteral("priced_on"), record);
    if (!spliced)
        return Error{QStringLiteral("%1: not a JSON object").arg(path)};
    const QByteArray &bytes = *spliced;
    SafeWriteOptions options;
    options.expectedSha256 = readAs;
    if (Status written = writeFileSafely(path, bytes, options); !written)
        return written.error();
    return bytes;
}

} // namespace

Result<QJsonObject> readPricedOn(const QString &path, const QString &howToRecord)
{
    auto root = readRoot(path);
    if (!root)
        return root.error();
    if (!root.value().contains(QStringLiteral("priced_on")))
        return Error{QStringLiteral("%1: has no recorded plan (priced_on); %2").arg(path, howToRecord)};
    return root.value().value(QStringLiteral("priced_on")).toObject();
}

Status writePricedOn(const QString &path, const QJsonObject &record)
{
    auto bytes = readBoundedFile(path, kMaxScenarioBytes);
    if (!bytes)
        return bytes.error();
    if (auto root = parseRoot(path, bytes.value()); !root)
        return root.error();
    if (auto written = writeRecordInto(path, bytes.value(), record, fingerprintOf(bytes.value())); !written)
        return written.error();
    return success();
}

Result<QByteArray> fileFingerprint(const QString &path)
{
    auto bytes = readBoundedFile(path, kMaxScenarioBytes);
    if (!bytes)
        return Error{bytes.errorMessage()};
    return fingerprintOf(bytes.value());
}

Result<QByteArray> writePricedOnIfUnchanged(const QString &path, const QJsonObject &record, const QByteArray &openedAs)
{
    auto bytes = readBoundedFile(path, kMaxScenarioBytes);
    if (!bytes)
        return Error{bytes.errorMessage()};
    if (fingerprintOf(bytes.value()) != openedAs)
        return Error{QStringLiteral("%1: changed on disk since it was opened; open it again to plan what it holds now").arg(path)};
    if (auto root = parseRoot(path, bytes.value()); !root)
        return root.error();
    auto written = writeRecordInto(path, bytes.value(), record, openedAs);
    if (!written)
        return written.error();
    return fingerprintOf(written.value());
}

} // namespace gpuplanner::core
