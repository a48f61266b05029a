#include "net/sources/LocationSource.h"

#include "core/common/Redact.h"
#include "core/import/CustomOffersCsv.h"
#include "core/io/BoundedFile.h"
#include "net/sources/SkyPilotHostedSource.h"

#include <QDateTime>
#include <QFile>
#include <QUrl>

namespace gpuplanner::net {

using namespace gpuplanner::core;

LocationSource::LocationSource(QString location, QString provider, SeedMetadata reference)
    : m_location(std::move(location)), m_provider(std::move(provider)), m_reference(std::move(reference))
{
    // What is printed, logged and stored as the source: never a password or key in the URL.
    const QUrl url(m_location);
    m_label = url.scheme() == u"http" || url.scheme() == u"https" ? redactUrl(url) : m_location;
}

Status LocationSource::load(HttpClient &http, const std::atomic_bool *cancel)
{
    const QUrl url(m_location);
    if (url.scheme() == u"http" || url.scheme() == u"https") {
        HttpRequest request;
        request.url = url;
        auto response = http.send(request, {}, cancel);
        if (!response)
            return response.error();
        return parse(response->body);
    }
    const QString path = url.isLocalFile() ? url.toLocalFile() : m_location;
    auto data = readBoundedFile(path, kMaxImportBytes);
    if (!data)
        return data.error();
    return parse(data.value());
}

Status LocationSource::parse(const QByteArray &data)
{
    const QByteArray head = data.left(4096);
    const QString now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    if (looksLikeSnapshot(head)) {
        auto snapshot = parseSnapshot(data, m_label);
        if (!snapshot)
            return snapshot.error();
        m_kind = QStringLiteral("catalog snapshot");
        m_batches = snapshot->batches;
        if (!snapshot->fxRates.isEmpty()) {
            ImportBatch fx;
            fx.fxRates = snapshot->fxRates;
            m_batches.insert(fxProvider(), fx);
        }
        return success();
    }
    if (looksLikeCustomOffersCsv(head)) {
        auto batches = parseCustomOffersCsv(data, m_label, m_reference.resolver());
        if (!batches)
            return batches.error();
        m_kind = QStringLiteral("custom offers CSV");
        m_batches = batches.value();
        for (ImportBatch &b : m_batches) {
            b.fetchedAt = now;
            b.effectiveDate = now.left(10);
            b.sourceNote = QStringLiteral("custom offers (%1)").arg(m_label);
        }
        return success();
    }
    if (head.startsWith("InstanceType,") || head.contains(",AcceleratorName,")) {
        if (m_provider.isEmpty())
            return Error{QStringLiteral("%1: a SkyPilot vms.csv holds one provider's prices; name it with --provider")
                             .arg(m_label)};
        SkyPilotHostedSource importer(QUrl(), m_reference);
        auto batch = importer.importCsv(m_provider, data, m_label);
        if (!batch)
            return batch.error();
        m_kind = QStringLiteral("SkyPilot vms.csv");
        batch.value().fetchedAt = now;
        batch.value().effectiveDate = now.left(10);
        batch.value().sourceNote = QStringLiteral("SkyPilot vms.csv (%1)").arg(m_label);
        m_batches.insert(m_provider, batch.value());
        return success();
    }
    return Error{QStringLiteral("%1: not a catalog snapshot, a SkyPilot vms.csv or a custom-offers CSV").arg(m_label)};
}

Result<ImportBatch> LocationSource::fetch(const QString &provider, const RefreshContext &)
{
    const auto it = m_batches.constFind(provider);
    if (it == m_batches.constEnd())
        return Error{QStringLiteral("%1 has no prices for provider '%2'").arg(m_label, provider)};
    return *it;
}

} // namespace gpuplanner::net
