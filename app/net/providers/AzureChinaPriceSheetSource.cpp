#include "net/providers/AzureChinaPriceSheetSource.h"

#include "core/common/Redact.h"
#include "net/providers/ProviderCommon.h"

#include <QUrlQuery>

namespace gpuplanner::net {

namespace {

// Columns an item needs (AzureRetailParser reads them); skuName, term and reservationTerm are
// read when the sheet has them.
const QStringList kRequiredColumns = {QStringLiteral("serviceName"),   QStringLiteral("armSkuName"),
                                      QStringLiteral("armRegionName"), QStringLiteral("type"),
                                      QStringLiteral("meterName"),     QStringLiteral("productName"),
                                      QStringLiteral("unitOfMeasure"), QStringLiteral("currencyCode"),
                                      QStringLiteral("retailPrice")};
const QStringList kOptionalColumns = {QStringLiteral("skuName"), QStringLiteral("term"), QStringLiteral("reservationTerm")};

} // namespace

core::Result<AzureChinaDownload> parseAzureChinaDownload(const QJsonObject &root, const QString &label)
{
    JsonFields fields(root, QString());
    AzureChinaDownload download;
    const QString url = fields.string(QStringLiteral("DownloadUrl"));
    download.lastRefreshedAt = fields.optionalString(QStringLiteral("LastRefreshedAt")).value_or(QString());
    if (!fields.ok())
        return core::Error{label + QStringLiteral(": ") + fields.error()};
    download.url = QUrl(url); // tolerant: a token with odd characters is percent-encoded, not refused
    if (!download.url.isValid() || download.url.isRelative())
        return core::Error{QStringLiteral("%1: DownloadUrl: not an absolute URL: %2")
                               .arg(label, core::quoteValue(core::redactUrl(QUrl(url))))};
    return download;
}

AzureChinaPriceSheetParser::AzureChinaPriceSheetParser(AzureRetailParser &items, QString label, QStringList regions)
    : m_items(items), m_label(std::move(label)), m_regions(std::move(regions))
{
}

bool AzureChinaPriceSheetParser::feed(const char *data, std::size_t size)
{
    if (!m_error.isEmpty())
        return false;
    m_bytes += size;
    // The decoder keeps a character split between two chunks and drops a leading BOM.
    const QString text = m_decoder.decode(QByteArrayView(data, qsizetype(size)));
    m_reader.feed(text, m_pending);
    for (const core::CsvFields &record : std::as_const(m_pending)) {
        if (!handle(record))
            break;
    }
    m_pending.clear();
    return m_error.isEmpty();
}

core::Status AzureChinaPriceSheetParser::finish()
{
    if (m_error.isEmpty()) {
        if (!m_reader.finish(m_pending))
            m_error = QStringLiteral("%1: line %2: quoted field not closed").arg(m_label).arg(m_reader.errorLine());
        for (const core::CsvFields &record : std::as_const(m_pending)) {
            if (!handle(record))
                break;
        }
        m_pending.clear();
    }
    if (m_error.isEmpty() && m_columns.isEmpty())
        m_error = m_label + QStringLiteral(": empty price sheet (no header line)");
    if (!m_error.isEmpty())
        return core::Error{m_error};
    m_items.addFileStats(m_label, m_rows);
    return core::success();
}

bool AzureChinaPriceSheetParser::readHeader(const core::CsvFields &record)
{
    m_headerSize = record.size();
    for (qsizetype i = 0; i < record.size(); ++i) {
        QString name = record.at(i).trimmed().toString();
        if (name.startsWith(QChar(0xFEFF)))
            name.remove(0, 1);
        m_columns.insert(name, i);
    }
    QStringList missing;
    for (const QString &c : kRequiredColumns) {
        if (!m_columns.contains(c))
            missing.append(c);
    }
    if (!missing.isEmpty()) {
        m_error = QStringLiteral("%1: line %2: no column %3 in the header")
                      .arg(m_label)
                      .arg(record.line)
                      .arg(missing.join(QStringLiteral(", ")));
        return false;
    }
    return true;
}

bool AzureChinaPriceSheetParser::handle(const core::CsvFields &record)
{
    if (m_columns.isEmpty())
        return readHeader(record);
    ++m_rows;
    auto cell = [&](const QString &column) {
        const qsizetype i = m_columns.value(column, -1);
        return i >= 0 && i < record.size() ? record.at(i).toString() : QString();
    };
    // Most of the sheet is storage, networking and the like: skipped before anything is copied.
    if (cell(QStringLiteral("serviceName")) != u"Virtual Machines")
        return true;
    const QString region = cell(QStringLiteral("armRegionName"));
    if (!m_regions.isEmpty() && !m_regions.contains(region))
        return true;
    const QString path = QStringLiteral("line %1").arg(record.line);
    if (record.size() != m_headerSize) {
        // Its cells cannot be matched to the columns: left out and named, the refresh goes on.
        m_items.exclude(m_label, QStringLiteral("%1: %2 fields where the header has %3").arg(path).arg(record.size()).arg(m_headerSize));
        return true;
    }
    QJsonObject item;
    for (const QStringList *columns : {&kRequiredColumns, &kOptionalColumns}) {
        for (const QString &c : *columns) {
            if (m_columns.contains(c))
                item.insert(c, cell(c));
        }
    }
    // The sheet's price is text; a cell that is not a number stays text, and the item's error names it.
    if (const std::optional<double> price = core::csvNumber(cell(QStringLiteral("retailPrice"))))
        item.insert(QStringLiteral("retailPrice"), *price);
    // Reservation terms sit in `term` here, where the API's items have `reservationTerm`.
    if (!item.contains(QStringLiteral("reservationTerm")) && item.contains(QStringLiteral("term")))
        item.insert(QStringLiteral("reservationTerm"), item.value(QStringLiteral("term")));
    m_items.addItem(item, path, m_label);
    return true;
}

core::Result<core::ImportBatch> AzureChinaPriceSheet::fetch(const QUrl &baseUrl, const core::GpuAliasResolver &resolver,
                                                            const InstanceShapes &shapes, const QStringList &regions,
                                                            const core::RefreshContext &context)
{
    core::HttpRequest request;
    request.url = joinUrl(baseUrl, downloadPath());
    QUrlQuery query;
    query.addQueryItem(QStringLiteral("api-version"), apiVersion());
    request.url.setQuery(query);
    auto answer = fetchJsonObject(context, request, QStringLiteral("Azure China price sheet"));
    if (!answer)
        return answer.error();
    auto download = parseAzureChinaDownload(*answer, core::redactUrl(request.url));
    if (!download)
        return download.error();

    // The token in the query is short-lived and secret-like: the sheet is named without it.
    const QString label = core::redactUrl(download->url.adjusted(QUrl::RemoveQuery));
    AzureRetailParser items(resolver, shapes);
    items.setSource(download->lastRefreshedAt.isEmpty()
                        ? QStringLiteral("Azure China retail price sheet")
                        : QStringLiteral("Azure China retail price sheet (refreshed %1)").arg(download->lastRefreshedAt));
    AzureChinaPriceSheetParser sheet(items, label, regions);
    core::HttpRequest csv;
    csv.url = download->url;
    csv.expectedContentTypes = {"text/csv", "application/octet-stream", "text/plain"};
    if (auto streamed = streamInto(sheet, context, csv, label, QStringLiteral("Azure China price sheet")); !streamed)
        return streamed.error();
    if (auto done = sheet.finish(); !done)
        return done.error();
    return items.finish();
}

} // namespace gpuplanner::net
