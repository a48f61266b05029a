#include "core/catalog/GpuAliasResolver.h"

namespace gpuplanner::core {

GpuAliasResolver::GpuAliasResolver(const QList<GpuAlias> &aliases, const QStringList &canonicalIds)
    : m_canonicalIds(canonicalIds)
{
    for (const GpuAlias &alias : aliases) {
        Rule rule;
        rule.alias = alias;
        const bool anyInstance = alias.instancePattern.isEmpty() || alias.instancePattern == u'*';
        if (!anyInstance) {
            rule.instanceRegex = QRegularExpression(
                QRegularExpression::wildcardToRegularExpression(alias.instancePattern),
                QRegularExpression::CaseInsensitiveOption);
        }
        const bool anyProvider = alias.provider.isEmpty() || alias.provider == u'*';
        rule.specificity = (anyProvider ? 0 : 2) + (anyInstance ? 0 : 1);
        m_rules.append(rule);
    }
}

std::optional<ResolvedGpu> GpuAliasResolver::resolve(const QString &name, const QString &provider,
                                                     const QString &instanceType) const
{
    const QString wanted = name.trimmed();
    const Rule *best = nullptr;
    for (const Rule &rule : m_rules) {
        if (rule.alias.alias.compare(wanted, Qt::CaseInsensitive) != 0)
            continue;
        const bool anyProvider = rule.alias.provider.isEmpty() || rule.alias.provider == u'*';
        if (!anyProvider && rule.alias.provider != provider)
            continue;
        if (rule.instanceRegex.isValid() && !rule.instanceRegex.pattern().isEmpty()
            && !rule.instanceRegex.match(instanceType).hasMatch())
            continue;
        if (!best || rule.specificity > best->specificity)
            best = &rule;
    }
    if (best)
        return ResolvedGpu{best->alias.gpuId, best->alias.fraction, 1.0};

    for (const QString &id : m_canonicalIds) {
        if (id.compare(wanted, Qt::CaseInsensitive) == 0)
            return ResolvedGpu{id, 1.0, 1.0};
    }

    if (auto tpu = resolveTpuSlice(wanted)) {
        // The family alias ("tpu-v4") decides the canonical id.
        const qsizetype dash = wanted.lastIndexOf(u'-');
        if (auto family = resolve(wanted.left(dash), provider, instanceType)) {
            tpu->gpuId = family->gpuId;
            return tpu;
        }
    }
    return std::nullopt;
}

std::optional<ResolvedGpu> GpuAliasResolver::resolveTpuSlice(const QString &name)
{
    static const QRegularExpression re(QStringLiteral("^tpu-(v2|v3|v4|v5p|v5litepod|v5e|v6e)-(\\d+)$"),
                                       QRegularExpression::CaseInsensitiveOption);
    const auto match = re.match(name);
    if (!match.hasMatch())
        return std::nullopt;
    const QString generation = match.captured(1).toLower();
    const double size = match.captured(2).toDouble();
    const bool countsCores = generation == u"v2" || generation == u"v3" || generation == u"v4"
                             || generation == u"v5p";
    return ResolvedGpu{QString(), 1.0, countsCores ? size / 2.0 : size};
}

QStringList GpuAliasResolver::family(const QString &name) const
{
    static const QRegularExpression vendor(QStringLiteral("^(NVIDIA|AMD|Tesla)\\s+"), QRegularExpression::CaseInsensitiveOption);
    // What follows the family in a variant's id: a form factor and/or a memory size.
    static const QRegularExpression variant(QStringLiteral("^(PCIe|SXM\\d?|NVL)(-\\d+GB)?$|^\\d+GB$"),
                                            QRegularExpression::CaseInsensitiveOption);
    QString stem = name.trimmed();
    stem.remove(vendor);
    stem.remove(u' ');
    if (stem.isEmpty())
        return {};
    QStringList variants;
    bool exact = false;
    for (const QString &id : m_canonicalIds) {
        if (id.compare(stem, Qt::CaseInsensitive) == 0) {
            exact = true;
            continue;
        }
        if (id.size() > stem.size() + 1 && id.startsWith(stem, Qt::CaseInsensitive) && id.at(stem.size()) == u'-'
            && variant.match(id.mid(stem.size() + 1)).hasMatch())
            variants.append(id);
    }
    // An id of its own (L40S, MI300X, T4) is one model, with no variants to add.
    if (variants.isEmpty() || exact)
        return {};
    variants.sort();
    return variants;
}

} // namespace gpuplanner::core
