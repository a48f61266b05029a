#pragma once
// GpuAliasResolver: maps the accelerator names providers and people use
// ("A100-80GB", "NVIDIA A100 80GB", "T4/4", "tpu-v4-64") to canonical GPU model ids.
// A rule may be scoped to a provider and an instance-type glob; the most specific wins.

#include <QList>
#include <QRegularExpression>
#include <QString>

#include <optional>

namespace gpuplanner::core {

struct GpuAlias
{
    QString alias;
    QString provider = QStringLiteral("*");
    QString instancePattern = QStringLiteral("*");
    QString gpuId;
    double fraction = 1.0; // share of one physical GPU (vGPU slices)
};

struct ResolvedGpu
{
    QString gpuId;
    double fraction = 1.0;     // share of one device per counted accelerator
    double unitsPerCount = 1.0; // TPU slices: chips per counted slice
};

class GpuAliasResolver
{
public:
    GpuAliasResolver() = default;
    GpuAliasResolver(const QList<GpuAlias> &aliases, const QStringList &canonicalIds);

    std::optional<ResolvedGpu> resolve(const QString &name, const QString &provider = {},
                                       const QString &instanceType = {}) const;

    // The variants a family name people use stands for: "A100" is every A100 (PCIe and SXM4,
    // 40 and 80 GB), "V100" every V100, "NVIDIA H100" every H100. Empty when name is no family
    // (an exact id such as "A100-SXM4-80GB", or an alias such as "A100-80GB", names one model).
    // Variants are the canonical ids "<family>-<form factor or memory>": RTX6000-Ada is not an RTX6000.
    QStringList family(const QString &name) const;

    // Chips in a Cloud TPU slice name such as "tpu-v4-64" (v2-v5p count TensorCores,
    // two per chip; v5e/v6e count chips).
    static std::optional<ResolvedGpu> resolveTpuSlice(const QString &name);

private:
    struct Rule
    {
        GpuAlias alias;
        QRegularExpression instanceRegex;
        int specificity = 0;
    };
    QList<Rule> m_rules;
    QStringList m_canonicalIds;
};

} // namespace gpuplanner::core
