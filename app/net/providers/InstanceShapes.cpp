#include "net/providers/InstanceShapes.h"

#include <algorithm>

namespace gpuplanner::net {

namespace {

QString key(const QString &provider, const QString &instanceType)
{
    return provider + u'|' + instanceType;
}

std::optional<double> optionalNumber(const QString &text, bool &ok)
{
    ok = true;
    if (text.trimmed().isEmpty())
        return std::nullopt;
    const double v = text.toDouble(&ok);
    return ok ? std::optional<double>(v) : std::nullopt;
}

} // namespace

core::Result<InstanceShapes> InstanceShapes::fromCsv(const core::CsvTable &table, const QString &label)
{
    for (const char *column : {"provider", "instance_type", "accelerator", "count", "vcpus", "memory_gib"}) {
        if (!table.hasColumn(QString::fromLatin1(column)))
            return core::Error{QStringLiteral("%1: missing column '%2'").arg(label, QString::fromLatin1(column))};
    }
    InstanceShapes shapes;
    for (const core::CsvRecord &r : table.records()) {
        InstanceShape shape;
        shape.accelerator = table.field(r, QStringLiteral("accelerator"));
        bool okCount = true, okCpu = true, okMem = true;
        shape.count = optionalNumber(table.field(r, QStringLiteral("count")), okCount).value_or(0);
        shape.vcpus = optionalNumber(table.field(r, QStringLiteral("vcpus")), okCpu);
        shape.memoryGib = optionalNumber(table.field(r, QStringLiteral("memory_gib")), okMem);
        if (!okCount || !okCpu || !okMem)
            return core::Error{QStringLiteral("%1:%2: count, vcpus and memory_gib must be numbers").arg(label).arg(r.line)};
        shapes.insert(table.field(r, QStringLiteral("provider")), table.field(r, QStringLiteral("instance_type")), shape);
    }
    return shapes;
}

core::Result<InstanceShapes> InstanceShapes::loadEmbedded()
{
    const QString path = QStringLiteral(":/net/instance-shapes.csv");
    auto table = core::readCsvFile(path);
    if (!table)
        return table.error();
    return fromCsv(*table, path);
}

const InstanceShape *InstanceShapes::find(const QString &provider, const QString &instanceType) const
{
    const auto it = m_shapes.constFind(key(provider, instanceType));
    return it == m_shapes.constEnd() ? nullptr : &*it;
}

QStringList InstanceShapes::instanceTypes(const QString &provider) const
{
    QStringList types;
    const QString prefix = provider + u'|';
    for (auto it = m_shapes.constBegin(); it != m_shapes.constEnd(); ++it) {
        if (it.key().startsWith(prefix))
            types.append(it.key().mid(prefix.size()));
    }
    std::sort(types.begin(), types.end());
    return types;
}

void InstanceShapes::insert(const QString &provider, const QString &instanceType, const InstanceShape &shape)
{
    m_shapes.insert(key(provider, instanceType), shape);
}

} // namespace gpuplanner::net
