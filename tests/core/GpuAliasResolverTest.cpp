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
    EXPECT_EQ(meta->providers.size(), 23);
    const auto r = meta->resolver();
    for (const GpuAlias &a : meta->aliases) {
        const QString provider = a.provider == u'*' ? QString() : a.provider;
        EXPECT_TRUE(r.resolve(a.alias, provider, a.instancePattern == u'*' ? QString() : a.instancePattern))
            << a.alias.toStdString();
    }
}
