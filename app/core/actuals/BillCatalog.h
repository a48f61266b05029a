#pragma once
// BillCatalog: what the catalog says about the names a bill uses: which catalog provider a bill's
// provider is, which GPU model and how many GPUs an instance type has, which catalog region (and
// geography) a bill's region text is. Built once from the catalog's offers; a name it does not
// know stays unknown (the caller lists it), never guessed.

#include "core/catalog/Offer.h"

#include <QHash>
#include <QList>
#include <QString>

#include <optional>

namespace gpuplanner::core::actuals {

struct SpendLine;

struct InstanceSpec
{
    QString provider;     // catalog provider id
    QString instanceType; // as the catalog spells it
    QString gpu;          // canonical GPU model id
    double gpuCount = 0;  // GPUs per instance
};

struct RegionSpec
{
    QString code;
    QString name;
    QString geography;
};

class BillCatalog
{
public:
    explicit BillCatalog(const QList<Offer> &offers);

    // "alibaba" -> "alicloud", "tencent" -> "tencentcloud", "huawei" -> "huaweicloud"; others as they are.
    static QString catalogProvider(const QString &billProvider);

    // The instance type of a line in the catalog: by its exact name (any case), or, where the
    // bill names only a family (Tencent "GN10Xp") and its text says the GPU count ("8 x V100"),
    // the one catalog type of that family with that count.
    std::optional<InstanceSpec> instance(const SpendLine &line) const;
    // The catalog region a bill's region text names (code or name, any case and spacing:
    // "EastUS", "us-east-1", "Southeast Asia (Singapore)").
    std::optional<RegionSpec> region(const QString &provider, const QString &billRegion) const;

    const QList<Offer> &offers() const { return m_offers; }

private:
    QList<Offer> m_offers;
    QHash<QString, InstanceSpec> m_instances;      // provider|lower(instance type)
    QHash<QString, QList<RegionSpec>> m_regions;   // provider -> regions
};

} // namespace gpuplanner::core::actuals
