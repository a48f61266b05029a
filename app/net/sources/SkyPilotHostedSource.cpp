#include "net/sources/SkyPilotHostedSource.h"

#include "core/common/Redact.h"

#include "core/import/SkyPilotImporter.h"
#include "core/io/CsvReader.h"

#include <QDateTime>

namespace gpuplanner::net {

using namespace gpuplanner::core;

namespace {

// Our provider ids -> SkyPilot's cloud folder names where they differ.
QString cloudFolder(const QString &provider)
{
    return provider;
}

// Keeps the rows the seed would keep: accelerator rows, and for GCP the host rows of GPU
// machine types; CPU-only machines are not offers for this planner.
CsvTable gpuRows(const CsvTable &table, const std::function<bool(const CsvRecord &)> &keep)
{
    QList<CsvRecord> rows;
    for (const CsvRecord &r : table.records()) {
        if (keep(r))
            rows.append(r);
    }
    return CsvTable(table.header(), rows);
}

} // namespace

QUrl SkyPilotHostedSource::defaultBaseUrl()
{
    return QUrl(QStringLiteral("https://raw.githubusercontent.com/skypilot-org/skypilot-catalog/master/catalogs/v8"));
}

SkyPilotHostedSource::SkyPilotHostedSource(QUrl baseUrl, SeedMetadata reference)
    : m_base(std::move(baseUrl)), m_reference(std::move(reference))
{
}

QStringList SkyPilotHostedSource::providers() const
{
    // Clouds whose catalogs/v8/<cloud>/vms.csv the upstream hosted catalog publishes (checked against
    // skypilot-org/skypilot-catalog: there is none for azure, fluidstack or ibm; Alibaba and
    // Tencent live in a fork). Azure refreshes from its own Retail Prices API (--source native).
    return {QStringLiteral("aws"),   QStringLiteral("gcp"),     QStringLiteral("lambda"),
            QStringLiteral("cudo"),  QStringLiteral("oci"),
            QStringLiteral("runpod"), QStringLiteral("vast"),   QStringLiteral("nebius"),     QStringLiteral("hyperbolic"),
            QStringLiteral("hyperstack"), QStringLiteral("jarvislabs"), QStringLiteral("lium"), QStringLiteral("mithril"),
            QStringLiteral("primeintellect"), QStringLiteral("seeweb"), QStringLiteral("shadeform"), QStringLiteral("verda")};
}

QUrl SkyPilotHostedSource::urlFor(const QString &provider) const
{
    QUrl url = m_base;
    QString path = url.path();
    if (!path.endsWith(u'/'))
        path += u'/';
    url.setPath(path + cloudFolder(provider) + QStringLiteral("/vms.csv"));
    return url;
}

Result<ImportBatch> SkyPilotHostedSource::importCsv(const QString &provider, const QByteArray &csv,
                                                     const QString &label) const
{
    auto table = parseCsv(QString::fromUtf8(csv), label);
    if (!table)
        return table.error();
    const CsvTable &t = table.value();
    const SkyPilotImporter importer(m_reference);
    const QString accelerator = QStringLiteral("AcceleratorName");
    const QString instance = QStringLiteral("InstanceType");
    if (provider == u"gcp") {
        const CsvTable accelerators = gpuRows(t, [&](const CsvRecord &r) {
            return t.field(r, instance).isEmpty() && !t.field(r, accelerator).isEmpty();
        });
        const CsvTable hosts = gpuRows(t, [&](const CsvRecord &r) {
            return !t.field(r, instance).isEmpty() && m_reference.gcpHost(t.field(r, instance)) != nullptr;
        });
        return importer.importGcp(label, accelerators, label + QStringLiteral(" (host rows)"), hosts);
    }
    return importer.importFile(provider, label,
                               gpuRows(t, [&](const CsvRecord &r) { return !t.field(r, accelerator).isEmpty(); }));
}

Result<ImportBatch> SkyPilotHostedSource::fetch(const QString &provider, const RefreshContext &context)
{
    if (!providers().contains(provider))
        return Error{QStringLiteral("the SkyPilot hosted catalog has no file for provider '%1'").arg(provider)};
    HttpRequest request;
    request.url = urlFor(provider);
    request.expectedContentTypes = {"text/csv", "text/plain", "application/octet-stream"};
    if (context.progress)
        context.progress(QStringLiteral("downloading %1").arg(core::redactUrl(request.url)), 0, 0);
    auto response = context.http->send(
        request,
        [&](qint64 done, qint64 total) {
            if (context.progress)
                context.progress(QStringLiteral("downloading"), done, total);
        },
        context.cancel);
    if (!response)
        return response.error();
    auto batch = importCsv(provider, response->body, core::redactUrl(request.url));
    if (!batch)
        return batch.error();
    if (!context.regions.isEmpty()) {
        QList<ImportedOffer> kept;
        for (const ImportedOffer &o : std::as_const(batch.value().offers)) {
            if (context.regions.contains(o.region))
                kept.append(o);
        }
        batch.value().offers = kept;
    }
    const QDateTime now = QDateTime::currentDateTimeUtc();
    batch.value().fetchedAt = now.toString(Qt::ISODate);
    batch.value().effectiveDate = now.date().toString(Qt::ISODate);
    batch.value().sourceNote = QStringLiteral("SkyPilot hosted catalog (%1)").arg(core::redactUrl(request.url));
    for (ImportedOffer &o : batch.value().offers)
        o.source = batch.value().sourceNote;
    return batch;
}

} // namespace gpuplanner::net
