#pragma once
// Azure China (operated by 21Vianet) retail prices, read by AzureRetailSource for the china*
// regions: GET <base>/api/retail/pricesheet/download?api-version=2023-06-01-preview answers
// {DownloadUrl, LastRefreshedAt, ExpiryTime} (learn.microsoft.com/rest/api/cost-management/
// retail-prices/azure-retail-prices-china, no credentials), and DownloadUrl is one CSV of every
// retail rate in CNY. Its columns carry the Retail Prices API's item field names (currencyCode,
// retailPrice, armRegionName, armSkuName, productName, skuName, meterName, serviceName, type,
// unitOfMeasure, term, ...; the term of a Reservation or SavingsPlanConsumption row is in `term`),
// so each Virtual Machines row goes through AzureRetailParser as an item: the same GPU sizes,
// Linux only, on-demand, spot, reservation totals over their term and savings-plan hourly rates.
// The CSV is streamed (tens of MB), one row at a time; rows of other services are skipped unread.

#include "core/catalog/GpuAliasResolver.h"
#include "core/refresh/PriceSource.h"
#include "net/providers/AzureRetailParser.h"
#include "net/providers/InstanceShapes.h"

#include "core/io/CsvReader.h"

#include <QJsonObject>
#include <QStringDecoder>
#include <QUrl>

namespace gpuplanner::net {

struct AzureChinaDownload
{
    QUrl url;                // the CSV (a storage URL with a short-lived token)
    QString lastRefreshedAt; // when Azure China last refreshed the rates (UTC, as given)
};

// The download endpoint's answer; errors name label and the field.
core::Result<AzureChinaDownload> parseAzureChinaDownload(const QJsonObject &root, const QString &label);

// Push parser of the price sheet CSV: feed() the bytes as they come, then finish(). Rows of the
// wanted regions (all when empty) are handed to the AzureRetailParser.
class AzureChinaPriceSheetParser
{
public:
    AzureChinaPriceSheetParser(AzureRetailParser &items, QString label, QStringList regions);

    bool feed(const char *data, std::size_t size);
    core::Status finish();
    QString errorMessage() const { return m_error; }
    std::uint64_t bytesConsumed() const { return m_bytes; }
    int rows() const { return m_rows; }

private:
    bool handle(const core::CsvFields &record);
    bool readHeader(const core::CsvFields &record);

    AzureRetailParser &m_items;
    QString m_label;
    QStringList m_regions;
    QStringDecoder m_decoder{QStringDecoder::Utf8};
    core::CsvRecordReader m_reader;
    QList<core::CsvFields> m_pending;
    QHash<QString, qsizetype> m_columns; // header name -> index
    qsizetype m_headerSize = 0;
    QString m_error;
    std::uint64_t m_bytes = 0;
    int m_rows = 0;
};

class AzureChinaPriceSheet
{
public:
    static QUrl defaultBaseUrl() { return QUrl(QStringLiteral("https://prices.azure.cn")); }
    static QString downloadPath() { return QStringLiteral("/api/retail/pricesheet/download"); }
    static QString apiVersion() { return QStringLiteral("2023-06-01-preview"); }
    // Azure China's region codes (chinaeast, chinaeast2, chinanorth3, ...).
    static bool isChinaRegion(const QString &code) { return code.startsWith(QLatin1String("china")); }

    // The download URL, then the CSV, into offers of regions (all when empty), in CNY as listed.
    static core::Result<core::ImportBatch> fetch(const QUrl &baseUrl, const core::GpuAliasResolver &resolver,
                                                 const InstanceShapes &shapes, const QStringList &regions,
                                                 const core::RefreshContext &context);
};

} // namespace gpuplanner::net
