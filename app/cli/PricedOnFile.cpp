#include "PricedOnFile.h"

#include "core/io/BoundedFile.h"

#include <QJsonDocument>
#include <QSaveFile>

namespace gpuplanner::cli {

using namespace gpuplanner::core;

namespace {

Result<QJsonObject> readRoot(const QString &path)
{
    auto bytes = readBoundedFile(path, kMaxScenarioBytes);
    if (!bytes)
        return Error{bytes.errorMessage()};
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes.value(), &parseError);
    if (!doc.isObject())
        return Error{QStringLiteral("%1: not a JSON object").arg(path)};
    return doc.object();
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
    auto root = readRoot(path);
    if (!root)
        return root.error();
    QJsonObject json = std::move(root).value();
    json.insert(QStringLiteral("priced_on"), record);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error{QStringLiteral("%1: %2").arg(path, file.errorString())};
    file.write(QJsonDocument(json).toJson(QJsonDocument::Indented));
    if (!file.commit())
        return Error{QStringLiteral("%1: %2").arg(path, file.errorString())};
    return success();
}

} // namespace gpuplanner::cli
