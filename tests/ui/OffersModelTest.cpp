#include "ui/catalog/OffersFilterProxy.h"
#include "ui/catalog/OffersTableModel.h"

#include <QAbstractItemModelTester>

#include <gtest/gtest.h>

using namespace gpuplanner;
using namespace gpuplanner::ui;

namespace {

core::Offer offer(const char *provider, const char *gpu, double count, core::Billing billing, double usd,
                  const char *region = "us-east-1")
{
    core::Offer o;
    o.provider = QString::fromLatin1(provider);
    o.providerName = o.provider.toUpper();
    o.instanceType = QStringLiteral("%1-%2x").arg(QString::fromLatin1(gpu)).arg(count);
    o.region = QString::fromLatin1(region);
    o.gpu = QString::fromLatin1(gpu);
    o.gpuCount = count;
    o.gpuMemoryGib = 80 * count;
    o.billing = billing;
    o.pricePerHour = usd;
    o.pricePerHourUsd = usd;
    o.currency = QStringLiteral("USD");
    return o;
}

QList<core::Offer> sample()
{
    return {offer("aws", "H100-SXM5-80GB", 8, core::Billing::OnDemand, 55.04),
            offer("aws", "H100-SXM5-80GB", 8, core::Billing::Spot, 9.37, "us-west-2"),
            offer("gcp", "A100-SXM4-80GB", 8, core::Billing::OnDemand, 23.57, "europe-west4"),
            offer("lambda", "H100-SXM5-80GB", 1, core::Billing::OnDemand, 2.99),
            offer("lambda", "A100-SXM4-40GB", 1, core::Billing::OnDemand, 1.29)};
}

} // namespace

TEST(OffersTableModel, PassesTheModelTesterThroughResets)
{
    OffersTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setOffers(sample());
    EXPECT_EQ(model.rowCount(), 5);
    EXPECT_EQ(model.columnCount(), int(OffersTableModel::ColumnCount));
    model.setOffers({});
    EXPECT_EQ(model.rowCount(), 0);
    model.setOffers(sample());
    EXPECT_EQ(model.data(model.index(0, OffersTableModel::Billing)).toString(), QStringLiteral("On-demand"));
    EXPECT_EQ(model.data(model.index(0, OffersTableModel::PricePerHour), OffersTableModel::SortRole).toDouble(), 55.04);
}

TEST(OffersFilterProxy, PassesTheModelTesterAndFiltersByTypedKeys)
{
    OffersTableModel model;
    OffersFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::Fatal);
    model.setOffers(sample());
    EXPECT_EQ(proxy.rowCount(), 5);

    proxy.setGpu(QStringLiteral("H100-SXM5-80GB"));
    EXPECT_EQ(proxy.rowCount(), 3);
    proxy.setBilling(core::Billing::OnDemand);
    EXPECT_EQ(proxy.rowCount(), 2);
    proxy.setProvider(QStringLiteral("lambda"));
    EXPECT_EQ(proxy.rowCount(), 1);
    proxy.setProvider({});
    proxy.setBilling(std::nullopt);
    proxy.setGpu({});
    proxy.setText(QStringLiteral("europe"));
    EXPECT_EQ(proxy.rowCount(), 1);
    proxy.setText({});
    EXPECT_EQ(proxy.rowCount(), 5);
}

TEST(OffersFilterProxy, SortsPricesNumerically)
{
    OffersTableModel model;
    OffersFilterProxy proxy;
    proxy.setSourceModel(&model);
    model.setOffers(sample());
    proxy.sort(OffersTableModel::PricePerHour, Qt::AscendingOrder);
    QList<double> prices;
    for (int row = 0; row < proxy.rowCount(); ++row)
        prices.append(proxy.index(row, OffersTableModel::PricePerHour).data(OffersTableModel::SortRole).toDouble());
    EXPECT_EQ(prices, (QList<double>{1.29, 2.99, 9.37, 23.57, 55.04}));
    proxy.sort(OffersTableModel::PricePerGpuHour, Qt::DescendingOrder);
    EXPECT_EQ(proxy.index(0, OffersTableModel::Provider).data().toString(), QStringLiteral("AWS")); // 55.04 / 8 GPUs
}
