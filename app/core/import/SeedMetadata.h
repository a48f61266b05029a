#pragma once
// SeedMetadata: the hand-kept reference data that turns provider price files into a catalog:
// providers, regions with geographies, GPU models (+ gpu-specs.csv), aliases, instance specs,
// known corrections and GCP host-to-accelerator composition. Loaded from resources/catalog.

#include "core/catalog/GpuAliasResolver.h"
#include "core/catalog/GpuModel.h"
#include "core/catalog/PriceChecks.h"
#include "core/common/Result.h"

#include <QHash>
#include <QList>
#include <QRegularExpression>
#include <QString>

#include <optional>

namespace gpuplanner::core {

struct ProviderMeta
{
    QString id, name, kind, homeCurrency, dataDate, dataNote;
    int granularitySeconds = 1;
    int minimumSeconds = 0;
};

struct RegionMeta
{
    QString provider, code, name, geography;
    QString nameZh; // '' = none known
};

struct InstanceSpec
{
    QString provider;
    QRegularExpression pattern;
    QString interconnect;
    std::optional<double> networkGbps;
    QString rdma;
    QString source;
};

struct Correction
{
    QString provider, instanceType, field, value, note;
};

struct GcpHostAccelerator
{
    QRegularExpression pattern;
    QString accelerator;
    double count = 0;
    bool allIn = false;
    QString note;
};

struct SeedMetadata
{
    QList<ProviderMeta> providers;
    QList<RegionMeta> regions;
    QList<GpuModel> gpuModels;
    QList<GpuAlias> aliases;
    QList<InstanceSpec> instanceSpecs;
    QList<Correction> corrections;
    QList<GcpHostAccelerator> gcpHosts;
    QList<RetiredFamily> retired; // retired-families.csv: instance families the providers retired

    GpuAliasResolver resolver() const;
    const ProviderMeta *provider(const QString &id) const;
    const GpuModel *gpuModel(const QString &id) const;
    const InstanceSpec *instanceSpec(const QString &provider, const QString &instanceType) const;
    QList<Correction> correctionsFor(const QString &provider, const QString &instanceType) const;
    const GcpHostAccelerator *gcpHost(const QString &hostType) const;
};

// Reads every reference file from dir; errors name the file and line.
Result<SeedMetadata> loadSeedMetadata(const QString &dir);

} // namespace gpuplanner::core
