#include "core/catalog/GpuAliasResolver.h"

#include <gtest/gtest.h>

using namespace gpuplanner::core;

namespace {

GpuAliasResolver resolver()
{
    QList<GpuAlias> aliases = {
        {QStringLiteral("A100-80GB"), QStringLiteral("*"), QStringLiteral("*"), QStringLiteral("A100-SXM4-80GB"), 1.0},
        {QStringLiteral("A100-80GB"), QStringLiteral("runpod"), QStringLiteral("*"), QStringLiteral("A100-PCIe-80GB"), 1.0},
        {QStringLiteral("A100-80GB"), QStringLiteral("azure"), QStringLiteral("Standard_NC*A100_v4"),
         QStringLiteral("A100-PCIe-80GB"), 1.0},
        {QStringLiteral("T4/4"), QStringLiteral("*"), QStringLiteral("*"), QStringLiteral("T4"), 0.25},
        {QStringLiteral("tpu-v4"), QStringLiteral("*"), QStringLiteral("*"), QStringLiteral("TPU-v4"), 1.0},
        {QStringLiteral("tpu-v5litepod"), QStringLiteral("*"), QStringLiteral("*"), QStringLiteral("TPU-v5e"), 1.0},
    };
    return GpuAliasResolver(aliases, {QStringLiteral("A100-SXM4-80GB"), QStringLiteral("A100-PCIe-80GB"),
                                      QStringLiteral("T4"), QStringLiteral("TPU-v4"), QStringLiteral("TPU-v5e")});
}

} // namespace

TEST(GpuAliasResolver, GenericAliasIsCaseInsensitive)
{
    auto r = resolver().resolve(QStringLiteral("a100-80gb"));
    ASSERT_TRUE(r);
    EXPECT_EQ(r->gpuId, QStringLiteral("A100-SXM4-80GB"));
}

TEST(GpuAliasResolver, ProviderAndInstanceScopedRulesWin)
{
    const auto r = resolver();
    EXPECT_EQ(r.resolve(QStringLiteral("A100-80GB"), QStringLiteral("runpod"))->gpuId, QStringLiteral("A100-PCIe-80GB"));
    EXPECT_EQ(r.resolve(QStringLiteral("A100-80GB"), QStringLiteral("azure"), QStringLiteral("Standard_NC24ads_A100_v4"))->gpuId,
              QStringLiteral("A100-PCIe-80GB"));
    EXPECT_EQ(r.resolve(QStringLiteral("A100-80GB"), QStringLiteral("azure"), QStringLiteral("Standard_ND96amsr_A100_v4"))->gpuId,
              QStringLiteral("A100-SXM4-80GB"));
}

TEST(GpuAliasResolver, CanonicalIdsResolveToThemselves)
{
    EXPECT_EQ(resolver().resolve(QStringLiteral("a100-pcie-80gb"))->gpuId, QStringLiteral("A100-PCIe-80GB"));
}

TEST(GpuAliasResolver, VgpuSlicesCarryTheirFraction)
{
    auto r = resolver().resolve(QStringLiteral("T4/4"));
    ASSERT_TRUE(r);
    EXPECT_DOUBLE_EQ(r->fraction, 0.25);
}

TEST(GpuAliasResolver, TpuSlicesCountChips)
{
    // v4 slices are named by TensorCores (2 per chip); v5e by chips.
    auto v4 = resolver().resolve(QStringLiteral("tpu-v4-64"));
    ASSERT_TRUE(v4);
    EXPECT_EQ(v4->gpuId, QStringLiteral("TPU-v4"));
    EXPECT_DOUBLE_EQ(v4->unitsPerCount, 32.0);
    auto v5e = resolver().resolve(QStringLiteral("tpu-v5litepod-8"));
    ASSERT_TRUE(v5e);
    EXPECT_DOUBLE_EQ(v5e->unitsPerCount, 8.0);
}

TEST(GpuAliasResolver, UnknownNameIsNotResolved)
{
    EXPECT_FALSE(resolver().resolve(QStringLiteral("Z9000")));
}

#include "core/import/SeedMetadata.h"

TEST(ReferenceData, EmbeddedReferenceLoadsAndResolvesEveryAlias)
{
    auto meta = loadSeedMetadata(QStringLiteral(":/reference"));
    ASSERT_TRUE(meta.ok()) << meta.errorMessage().toStdString();
    EXPECT_GE(meta->gpuModels.size(), 80);
    EXPECT_GE(meta->providers.size(), 30); // issue 45: thirty providers or more
    const auto r = meta->resolver();
    for (const GpuAlias &a : meta->aliases) {
        const QString provider = a.provider == u'*' ? QString() : a.provider;
        EXPECT_TRUE(r.resolve(a.alias, provider, a.instancePattern == u'*' ? QString() : a.instancePattern))
            << a.alias.toStdString();
    }
}

// Issue 44: `offers --gpu A100` listed only A100 40 GB offers and `--gpu V100` only 16 GB ones.
// A family name people use is every variant of it; an exact id, an alias or a model of its own
// is one model.
TEST(GpuAliasResolver, AFamilyNameIsEveryVariantOfIt)
{
    const QStringList ids = {QStringLiteral("A10"), QStringLiteral("A100-PCIe-40GB"), QStringLiteral("A100-PCIe-80GB"),
                             QStringLiteral("A100-SXM4-40GB"), QStringLiteral("A100-SXM4-80GB"), QStringLiteral("H100-NVL-94GB"),
                             QStringLiteral("H100-PCIe-80GB"), QStringLiteral("H100-SXM5-80GB"), QStringLiteral("L40S"),
                             QStringLiteral("MI300X"), QStringLiteral("RTX6000"), QStringLiteral("RTX6000-Ada"),
                             QStringLiteral("V100-PCIe-16GB"), QStringLiteral("V100-PCIe-32GB"), QStringLiteral("V100-SXM2-16GB"),
                             QStringLiteral("V100-SXM2-32GB"), QStringLiteral("L20"), QStringLiteral("L20N-48GB")};
    const GpuAliasResolver r({{QStringLiteral("A100"), QStringLiteral("*"), QStringLiteral("*"), QStringLiteral("A100-SXM4-40GB"), 1.0}},
                             ids);
    EXPECT_EQ(r.family(QStringLiteral("A100")),
              (QStringList{QStringLiteral("A100-PCIe-40GB"), QStringLiteral("A100-PCIe-80GB"), QStringLiteral("A100-SXM4-40GB"),
                           QStringLiteral("A100-SXM4-80GB")}));
    EXPECT_EQ(r.family(QStringLiteral("v100")).size(), 4);
    EXPECT_EQ(r.family(QStringLiteral("NVIDIA H100")).size(), 3);
    EXPECT_EQ(r.family(QStringLiteral(" Tesla V100 ")).size(), 4);
    for (const char *one : {"A100-SXM4-80GB", "A100-80GB", "L40S", "MI300X", "A10", "RTX6000", "L20", "T4", "nonsense", ""})
        EXPECT_TRUE(r.family(QString::fromLatin1(one)).isEmpty()) << one;
}
