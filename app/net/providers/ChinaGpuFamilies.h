#pragma once
// ChinaGpuFamilies: the GPU of a Chinese cloud's instance family where its API does not name
// it (Tencent reports a GPU count but no model; Huawei's info:gpu:name has no documented
// format). Embedded from china-gpu-families.csv, each row with its source.

#include "core/common/Result.h"

#include <QHash>
#include <QString>

namespace gpuplanner::net {

class ChinaGpuFamilies
{
public:
    static core::Result<ChinaGpuFamilies> loadEmbedded(); // ":/net/china-gpu-families.csv"

    // The catalog GPU id of provider's family (Tencent "GN7", Huawei "p2s"); empty if unknown.
    QString gpuId(const QString &provider, const QString &family) const;
    void insert(const QString &provider, const QString &family, const QString &gpuId);

private:
    QHash<QString, QString> m_gpus; // "provider|family" -> gpu id
};

} // namespace gpuplanner::net
