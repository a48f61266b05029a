#pragma once
// AzureRetailParser: pages of the Azure Retail Prices API (Items[] + NextPageLink) into GPU VM
// offers. The API names VM sizes but not their GPUs, so sizes are looked up in InstanceShapes;
// an N-series size missing there is reported as an unmapped accelerator. Linux only
// (productName without " Windows"); Consumption = on demand, " Spot" meters = spot
// (Low Priority and DevTest rates left out), Reservation totals -> hourly over 8760 / 26280 h,
// savingsPlan[] hourly rates (and SavingsPlanConsumption items, as Azure China's price sheet
// lists them) -> savings-plan offers. Items may come from the API's pages or, one by one, from
// another reader of the same fields (AzureChinaPriceSheetSource's CSV rows).

#include "core/catalog/GpuAliasResolver.h"
#include "core/common/Result.h"
#include "core/import/ImportBatch.h"
#include "net/providers/InstanceShapes.h"

#include <QHash>
#include <QJsonObject>
#include <QSet>

namespace gpuplanner::net {

class AzureRetailParser
{
public:
    AzureRetailParser(const core::GpuAliasResolver &resolver, const InstanceShapes &shapes);

    // Adds one page; returns its NextPageLink (empty on the last page).
    core::Result<QString> addPage(const QByteArray &bytes, const QString &label);
    // One item read elsewhere (path names it in errors, e.g. "line 12"); an unusable one becomes
    // an exclusion naming label and path.
    void addItem(const QJsonObject &item, const QString &path, const QString &label);
    // A row of label that could not be read as an item, left out with detail.
    void exclude(const QString &label, const QString &detail);
    // A file's line in the refresh summary: rows read from label.
    void addFileStats(const QString &label, int rows);
    // The offers' source (the Retail Prices API unless set).
    void setSource(const QString &source) { m_source = source; }
    core::ImportBatch finish() const;
    int itemsSeen() const { return m_items; }
    // Items no earlier page had (by their whole content): what a page adds, for the paging guard.
    int distinctItemsSeen() const { return int(m_itemDigests.size()); }

    static constexpr double kHoursPerYear = 8760;

private:
    core::Result<bool> readItem(const QJsonObject &item, const QString &path, const QString &label);
    void addOffer(const core::ImportedOffer &offer);

    const core::GpuAliasResolver &m_resolver;
    const InstanceShapes &m_shapes;
    core::ImportBatch m_batch;
    QHash<QString, qsizetype> m_offerIndex;
    QSet<QString> m_reportedSkus;
    int m_items = 0;
    QSet<QByteArray> m_itemDigests;
    QString m_source = QStringLiteral("Azure Retail Prices API");
};

} // namespace gpuplanner::net
