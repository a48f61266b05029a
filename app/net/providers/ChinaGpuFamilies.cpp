#include "net/providers/ChinaGpuFamilies.h"

#include "core/io/CsvReader.h"

#include <QFile>

namespace gpuplanner::net {

core::Result<ChinaGpuFamilies> ChinaGpuFamilies::loadEmbedded()
{
    const QString path = QStringLiteral(":/net/china-gpu-families.csv");
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return core::Error{QStringLiteral("%1: %2").arg(path, file.errorString())};
    auto table = core::parseCsv(QString::fromUtf8(file.readAll()), path);
    if (!table)
        return table.error();
    ChinaGpuFamilies families;
    for (const core::CsvRecord &r : table.value().records()) {
        families.insert(table.value().field(r, QStringLiteral("provider")), table.value().field(r, QStringLiteral("family")),
                        table.value().field(r, QStringLiteral("gpu_id")));
    }
    return families;
}

QString ChinaGpuFamilies::gpuId(const QString &provider, const QString &family) const
{
    return m_gpus.value(provider + u'|' + family.toLower());
}

void ChinaGpuFamilies::insert(const QString &provider, const QString &family, const QString &gpuId)
{
    m_gpus.insert(provider + u'|' + family.toLower(), gpuId);
}

} // namespace gpuplanner::net
