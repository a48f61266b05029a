#include "core/actuals/GpuRecognizer.h"

#include <QRegularExpression>
#include <QStringList>

namespace gpuplanner::core::actuals::detail {

namespace {

// match(QString): matchView is Qt 6.5, and match(QStringView) is deprecated there.
QRegularExpressionMatch search(const QRegularExpression &re, QStringView text)
{
    return re.match(text.toString());
}

bool matches(const QRegularExpression &re, QStringView text)
{
    return search(re, text).hasMatch();
}

} // namespace

bool isGpuInstanceType(QStringView type)
{
    const QStringView t = type.trimmed();
    if (t.isEmpty())
        return false;
    // AWS: P (training), G (graphics/inference), DL1; p6-b200.48xlarge has a dash.
    static const QRegularExpression aws(QStringLiteral("^(p[2-6][a-z0-9-]*|g[2-6][a-z0-9-]*|gr6|dl1|dl2q)\\.[0-9a-z-]+$"));
    // Huawei: p2s.2xlarge.8, pi2.4xlarge.4, g6.10xlarge.7.
    static const QRegularExpression huawei(QStringLiteral("^(p|pi|g)[0-9]+[a-z]*\\.[0-9]*x?large(\\.[0-9]+)?$"));
    // Azure N-series (NC, ND, NV, NG, NCC); not NP (FPGA).
    static const QRegularExpression azure(QStringLiteral("^Standard_N[CDVG]C?[0-9]"),
                                          QRegularExpression::CaseInsensitiveOption);
    // GCP accelerator-optimised families; N1 VMs with attached GPUs bill the GPU as its own SKU.
    static const QRegularExpression gcp(QStringLiteral("^(a2|a3|a4|a4x|g2|g4)-[a-z0-9-]+$"));
    // Alibaba: ecs.gn7i-..., ecs.ebmgn7e..., ecs.vgn6i-..., ecs.sgn7i-...
    static const QRegularExpression alibaba(QStringLiteral("^ecs\\.[a-z]*gn[0-9]"));
    // Tencent: GN7.2XLARGE32, GN10Xp.20XLARGE320, GNV4, GT4, PNV4, HCCPNV4h.
    static const QRegularExpression tencent(
        QStringLiteral("^(GN[0-9]+[A-Za-z]*|GNV[0-9]+[a-z]*|GT[0-9]+|PNV[0-9]+[a-z]*|HCCPNV[0-9]+[a-z]*)(\\.[0-9A-Z]+)?$"));
    // OCI shapes: BM.GPU.A100-v2.8, VM.GPU.A10.1, BM.GPU4.8.
    static const QRegularExpression oci(QStringLiteral("^(BM|VM)\\.GPU"));
    // Lambda: gpu_8x_h100_sxm5, gpu_1x_a100.
    static const QRegularExpression lambda(QStringLiteral("^gpu_[0-9]+x_[a-z0-9_]+$"));
    return matches(aws, t) || matches(huawei, t) || matches(lambda, t) || matches(azure, t) || matches(gcp, t) || matches(alibaba, t)
        || matches(tencent, t) || matches(oci, t);
}

QString awsInstanceFromUsageType(QStringView usageType)
{
    const qsizetype colon = usageType.lastIndexOf(u':');
    if (colon < 0)
        return {};
    // BoxUsage, SpotUsage, HeavyUsage, DedicatedUsage, CapacityBlockUsage ...: only instance usage.
    if (!usageType.left(colon).contains(u"Usage"))
        return {};
    static const QRegularExpression shape(QStringLiteral("^[a-z][a-z0-9-]*\\.[0-9a-z]+$"));
    const QStringView candidate = usageType.mid(colon + 1).trimmed();
    return matches(shape, candidate) ? candidate.toString() : QString();
}

bool awsIsSpotUsageType(QStringView usageType)
{
    return usageType.contains(u"SpotUsage");
}

bool isAzureGpuMeter(QStringView meterText)
{
    static const QRegularExpression meter(QStringLiteral("^N[CDVG]C?([0-9a-z]|\\s|$)"));
    return matches(meter, meterText.trimmed());
}

QString azureVmSizeIn(QStringView text)
{
    static const QRegularExpression size(QStringLiteral("\\bStandard_[A-Za-z0-9]+(_[A-Za-z0-9]+)*"));
    const auto m = search(size, text);
    return m.hasMatch() ? m.captured(0) : QString();
}

bool isGcpGpuSku(QStringView description)
{
    static const QRegularExpression gpu(QStringLiteral("\\bGPUs?\\b"));
    return matches(gpu, description);
}

bool isGcpGpuFamilySku(QStringView description)
{
    static const QRegularExpression family(QStringLiteral("\\b(A2|A3|A4X?|G2|G4)\\b[^,]*\\bInstance (Core|Ram)\\b"));
    return matches(family, description);
}

QString tencentGpuFamilyIn(QStringView text)
{
    static const QRegularExpression family(
        QStringLiteral("\\b(GN[0-9]+[A-Za-z]*|GNV[0-9]+[a-z]*|GT[0-9]+|PNV[0-9]+[a-z]*|HCCPNV[0-9]+[a-z]*)(\\.[0-9A-Z]+)?\\b"));
    const auto m = search(family, text);
    return m.hasMatch() ? m.captured(0) : QString();
}

QString instanceTypeIn(QStringView text)
{
    static const QRegularExpression shape(QStringLiteral("^[a-z][a-z0-9-]*\\.[0-9a-z-]+(\\.[0-9]+)?$"));
    for (const QStringView token : text.split(u'|')) {
        const QStringView t = token.trimmed();
        if (matches(shape, t))
            return t.toString();
    }
    return {};
}

} // namespace gpuplanner::core::actuals::detail
