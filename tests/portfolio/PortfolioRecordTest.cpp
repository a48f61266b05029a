// What a portfolio's plan was priced on: recorded, written and read back as the file's
// "priced_on", and held against a plan made on a changed catalog (a price changed, an offer
// withdrawn), each line with its source and date.

#include "core/portfolio/PortfolioRecord.h"
#include "portfolio/PortfolioFixtures.h"

#include <QJsonArray>

#include <gtest/gtest.h>

using namespace gpuplanner::core;

namespace {

using gpuplanner::test::h100Offer;
using gpuplanner::test::planOn;
using gpuplanner::test::servingPortfolio;
using gpuplanner::test::twoProviderCatalog;

QString allText(const PortfolioSince &since)
{
    return portfolioSinceText(since);
}

} // namespace

TEST(PortfolioRecord, RecordsPricesPurchasesAndTotalsAndReadsBack)
{
    const Portfolio portfolio = servingPortfolio();
    const auto planned = planOn(portfolio, twoProviderCatalog());
    ASSERT_TRUE(planned);
    const PortfolioRecord rec = recordPortfolio(planned->facts());
    EXPECT_EQ(rec.catalogHash.size(), 64);
    EXPECT_EQ(rec.providerDates.value(QStringLiteral("a")), QStringLiteral("2026-08-01"));
    EXPECT_EQ(rec.displayCurrency, QStringLiteral("USD"));
    EXPECT_EQ(rec.appVersion, QStringLiteral(GPUPLANNER_VERSION));
    EXPECT_TRUE(rec.plannedAt.isValid());
    EXPECT_DOUBLE_EQ(rec.fxPerUsd.value(QStringLiteral("USD")), 1.0);
    // Both providers' on-demand rates and reservations, each with its source and date.
    ASSERT_EQ(rec.prices.size(), 4);
    for (const RecordedPrice &p : rec.prices) {
        EXPECT_FALSE(p.source.isEmpty()) << p.key.toStdString();
        EXPECT_EQ(p.date, QStringLiteral("2026-08-01")) << p.key.toStdString();
    }
    // a's reservation (3 per GPU-hour) serves the steady 16 GPUs: two instances from the first month.
    ASSERT_EQ(rec.purchases.size(), 1);
    const RecordedPurchase &bought = rec.purchases.first();
    EXPECT_EQ(bought.provider, QStringLiteral("a"));
    EXPECT_EQ(bought.month, QStringLiteral("2026-09"));
    EXPECT_EQ(bought.quantity, 2);
    EXPECT_DOUBLE_EQ(bought.unitPrice, 24);
    EXPECT_EQ(bought.source, QStringLiteral("a price list"));
    EXPECT_NEAR(rec.expectedCost, planned->plan.solution.expectedCost, 1e-9);
    EXPECT_GT(rec.saving, 0);
    EXPECT_NEAR(rec.allOnDemandCost - rec.expectedCost, rec.saving, 1e-6);

    auto back = portfolioRecordFromJson(portfolioRecordToJson(rec));
    ASSERT_TRUE(back.ok()) << back.errorMessage().toStdString();
    EXPECT_EQ(back.value().catalogHash, rec.catalogHash);
    EXPECT_EQ(back.value().prices.size(), rec.prices.size());
    ASSERT_EQ(back.value().purchases.size(), 1);
    EXPECT_EQ(back.value().purchases.first().key, bought.key);
    EXPECT_DOUBLE_EQ(back.value().expectedCost, rec.expectedCost);
}

TEST(PortfolioRecord, SameCatalogNothingChanged)
{
    const Portfolio portfolio = servingPortfolio();
    const auto planned = planOn(portfolio, twoProviderCatalog());
    ASSERT_TRUE(planned);
    auto then = portfolioRecordFromJson(portfolioRecordToJson(recordPortfolio(planned->facts())));
    ASSERT_TRUE(then.ok());
    const PortfolioSince since = comparePortfolio(then.value(), planned->facts());
    EXPECT_TRUE(since.unchanged()) << allText(since).toStdString();
    EXPECT_FALSE(since.purchasesChanged);
    EXPECT_TRUE(allText(since).startsWith(QStringLiteral("Since this portfolio was priced on ")));
    EXPECT_TRUE(allText(since).trimmed().endsWith(QStringLiteral("nothing changed."))) << allText(since).toStdString();
}

// a's reservation got dearer (a newer price list) and b's reservation left the catalog: the lines
// say what each price was and is, with its source and date, and how the expected cost moved.
TEST(PortfolioRecord, PriceChangedAndOfferWithdrawnAreListedWithSources)
{
    const Portfolio portfolio = servingPortfolio();
    const auto before = planOn(portfolio, twoProviderCatalog());
    ASSERT_TRUE(before);
    const PortfolioRecord then = recordPortfolio(before->facts());

    QList<Offer> changed = {h100Offer(QStringLiteral("a"), Billing::OnDemand, 40),
                            h100Offer(QStringLiteral("a"), Billing::Reserved, 34, 12),
                            h100Offer(QStringLiteral("b"), Billing::OnDemand, 44)};
    changed[1].effectiveDate = QStringLiteral("2026-11-01"); // a's new reservation price
    const auto after = planOn(portfolio, changed);
    ASSERT_TRUE(after);
    const PortfolioSince since = comparePortfolio(then, after->facts());
    const QString text = allText(since);
    EXPECT_FALSE(since.unchanged());
    EXPECT_TRUE(text.contains(QStringLiteral("a h100x8 in r1: 12-month"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("$24.00/h then (a price list, 2026-08-01), $34.00/h now (a price list, 2026-11-01)")))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("withdrawn, no longer in the catalog (was $30.00/h, b price list, 2026-08-01)")))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("a prices: of 2026-08-01 then, of 2026-11-01 now."))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Expected cost: "))) << text.toStdString();
    EXPECT_GT(since.costNow, since.costThen);
    bool price = false, withdrawn = false;
    for (const PlanChange &c : since.changes) {
        price = price || c.kind == PlanChange::Kind::Price;
        withdrawn = withdrawn || c.kind == PlanChange::Kind::Withdrawn;
    }
    EXPECT_TRUE(price);
    EXPECT_TRUE(withdrawn);

    const QJsonObject json = portfolioSinceToJson(since);
    EXPECT_EQ(json.value(QStringLiteral("changes")).toArray().size(), since.changes.size());
    EXPECT_NEAR(json.value(QStringLiteral("expected_cost_then")).toDouble(), then.expectedCost, 1e-6);
}

TEST(PortfolioRecord, DamagedRecordNamesTheField)
{
    const Portfolio portfolio = servingPortfolio();
    const auto planned = planOn(portfolio, twoProviderCatalog());
    ASSERT_TRUE(planned);
    QJsonObject json = portfolioRecordToJson(recordPortfolio(planned->facts()));
    json.remove(QStringLiteral("catalog_hash"));
    auto noHash = portfolioRecordFromJson(json);
    ASSERT_FALSE(noHash.ok());
    EXPECT_TRUE(noHash.errorMessage().contains(QStringLiteral("priced_on.catalog_hash"))) << noHash.errorMessage().toStdString();

    json = portfolioRecordToJson(recordPortfolio(planned->facts()));
    QJsonArray purchases = json.value(QStringLiteral("purchases")).toArray();
    QJsonObject first = purchases.first().toObject();
    first.insert(QStringLiteral("quantity"), QStringLiteral("two"));
    purchases.replace(0, first);
    json.insert(QStringLiteral("purchases"), purchases);
    auto badQuantity = portfolioRecordFromJson(json);
    ASSERT_FALSE(badQuantity.ok());
    EXPECT_TRUE(badQuantity.errorMessage().contains(QStringLiteral("priced_on.purchases[0].quantity")))
        << badQuantity.errorMessage().toStdString();
}
