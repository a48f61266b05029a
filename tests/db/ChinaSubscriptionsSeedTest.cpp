// Issue 45: Tencent Cloud GPU subscriptions (包年包月) in the embedded catalog, from
// resources/catalog/sources/tencentcloud (see its SOURCE.md). Each total is Tencent's published
// list monthly price x months x its published duration discount for "other instance types":
// 1 month at the list price, 1 year at 83折 (x 0.83), 3 years at 5折 (x 0.5), paid up front.

#include "db/SeedCatalog.h"

#include "db/CatalogFile.h"

#include <QStringList>

#include <gtest/gtest.h>

using namespace gpuplanner;
using namespace gpuplanner::db;

namespace {

const char *const kFile = "sources/tencentcloud/tencent-gpu-subscriptions-2021-05-25.csv";

class ChinaSubscriptionsSeed : public ::testing::Test
{
protected:
    void SetUp() override
    {
        auto opened = openCatalogFile(tests::seedCatalogPath(), OpenMode::ReadOnly);
        ASSERT_TRUE(opened.ok()) << opened.errorMessage().toStdString();
        m_db = std::move(opened).value();
    }

    // Every row of the query, its columns joined by '|', rows by ';'.
    QString rows(const QString &sql)
    {
        auto s = m_db->prepare(sql);
        EXPECT_TRUE(s.ok()) << s.errorMessage().toStdString();
        if (!s.ok())
            return QStringLiteral("<error>");
        QStringList out;
        while (s.value().step())
            out.append(s.value().text(0));
        return out.join(u';');
    }

    // term | total to the fen | hourly x term hours to the fen | upfront | basis | currency, per term.
    QString subscriptions(const QString &type, const QString &region)
    {
        return rows(QStringLiteral(
                        "SELECT printf('%d|%.2f|%.2f|%s|%s|%s', o.term_months, o.upfront_fee, "
                        "o.hourly_price * o.term_months * 730, o.upfront, o.price_basis, o.currency) "
                        "FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                        "JOIN regions r ON r.id = o.region_id "
                        "WHERE it.provider_id = 'tencentcloud' AND o.billing = 'reserved' AND it.name = '%1' "
                        "AND r.code = '%2' ORDER BY o.term_months")
                        .arg(type, region));
    }

    // What the published figures give: monthly x 1, x 12 x 0.83 and x 36 x 0.5, in fen.
    static QString expected(long long monthlyFen)
    {
        const long long totals[] = {monthlyFen, monthlyFen * 12 * 83 / 100, monthlyFen * 36 / 2};
        const int terms[] = {1, 12, 36};
        QStringList out;
        for (int i = 0; i < 3; ++i) {
            const QString money = QStringLiteral("%1.%2").arg(totals[i] / 100).arg(totals[i] % 100, 2, 10, QLatin1Char('0'));
            out.append(QStringLiteral("%1|%2|%2|all|effective|CNY").arg(terms[i]).arg(money));
        }
        return out.join(u';');
    }

    std::unique_ptr<Database> m_db;
};

} // namespace

TEST_F(ChinaSubscriptionsSeed, Gn7T4TotalsAreTheListPriceTimesTencentsDurationDiscount)
{
    // GN7.2XLARGE32 (1 x T4): 2,500 CNY a month on the GPU price page; 24,900 for a year, 45,000 for three.
    EXPECT_EQ(expected(2500'00), QStringLiteral("1|2500.00|2500.00|all|effective|CNY;12|24900.00|24900.00|all|effective|CNY;"
                                               "36|45000.00|45000.00|all|effective|CNY"));
    for (const char *region : {"ap-guangzhou", "ap-shanghai", "ap-beijing", "ap-nanjing"})
        EXPECT_EQ(subscriptions(QStringLiteral("GN7.2XLARGE32"), QLatin1String(region)), expected(2500'00)) << region;
    // The page's range 2,250 - 2,500: the lower figure is Chengdu's and Chongqing's.
    for (const char *region : {"ap-chengdu", "ap-chongqing"})
        EXPECT_EQ(subscriptions(QStringLiteral("GN7.2XLARGE32"), QLatin1String(region)), expected(2250'00)) << region;
    EXPECT_EQ(subscriptions(QStringLiteral("GN7.20XLARGE320"), QStringLiteral("ap-guangzhou")), expected(16000'00));
}

TEST_F(ChinaSubscriptionsSeed, Gn10XpV100TotalsAreTheListPriceTimesTencentsDurationDiscount)
{
    // GN10Xp.2XLARGE40 (1 x V100): 5,750 CNY a month in every mainland region.
    for (const char *region : {"ap-guangzhou", "ap-shanghai", "ap-beijing", "ap-nanjing", "ap-chengdu", "ap-chongqing"})
        EXPECT_EQ(subscriptions(QStringLiteral("GN10Xp.2XLARGE40"), QLatin1String(region)), expected(5750'00)) << region;
    EXPECT_EQ(subscriptions(QStringLiteral("GN10Xp.20XLARGE320"), QStringLiteral("ap-shanghai")), expected(46000'00));
}

TEST_F(ChinaSubscriptionsSeed, OtherFamiliesFollowTheSameFormula)
{
    EXPECT_EQ(subscriptions(QStringLiteral("GN10X.2XLARGE40"), QStringLiteral("ap-chengdu")), expected(4671'00));
    EXPECT_EQ(subscriptions(QStringLiteral("GT4.4XLARGE96"), QStringLiteral("ap-beijing")), expected(13748'00));
    EXPECT_EQ(subscriptions(QStringLiteral("GI3X.8XLARGE64"), QStringLiteral("ap-guangzhou")), expected(4600'00));
    // Every Tencent subscription of the catalog: a year is 1 month x 12 x 0.83, three years x 36 x 0.5.
    EXPECT_EQ(rows(QStringLiteral(
                  "SELECT count(*) FROM offers m JOIN offers y ON y.instance_type_id = m.instance_type_id "
                  "AND y.region_id = m.region_id AND y.billing = 'reserved' AND y.term_months = 12 "
                  "JOIN offers t ON t.instance_type_id = m.instance_type_id AND t.region_id = m.region_id "
                  "AND t.billing = 'reserved' AND t.term_months = 36 "
                  "JOIN instance_types it ON it.id = m.instance_type_id "
                  "WHERE it.provider_id = 'tencentcloud' AND m.billing = 'reserved' AND m.term_months = 1 "
                  "AND round(y.upfront_fee * 100) = round(m.upfront_fee * 1200 * 0.83) "
                  "AND round(t.upfront_fee * 100) = round(m.upfront_fee * 1800)")),
              u"100");
}

TEST_F(ChinaSubscriptionsSeed, EverySubscriptionNamesBothTencentDocumentsAndTheirDates)
{
    EXPECT_EQ(rows(QStringLiteral(
                  "SELECT printf('%d %s %s', count(*), min(o.source_file), min(o.fetched_at)) FROM offers o "
                  "JOIN instance_types it ON it.id = o.instance_type_id "
                  "WHERE it.provider_id = 'tencentcloud' AND o.billing = 'reserved'")),
              QStringLiteral("300 %1 2021-05-25").arg(QLatin1String(kFile)));
    EXPECT_EQ(rows(QStringLiteral(
                  "SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                  "WHERE it.provider_id = 'tencentcloud' AND o.billing = 'reserved' AND (o.source_file <> '%1' "
                  "OR instr(o.source, 'GPU 云服务器/购买指导/价格总览.md @6668870d, 2021-05-25') = 0 "
                  "OR instr(o.source, '购买实例/价格总览.md @f17ba5e2, 2020-03-11') = 0)")
                  .arg(QLatin1String(kFile))),
              u"0");
}

TEST_F(ChinaSubscriptionsSeed, NoSubscriptionWhereThePagesPriceDoesNotApply)
{
    // Only mainland regions (the page prices mainland China), only terms of 1, 12 and 36 months.
    EXPECT_EQ(rows(QStringLiteral(
                  "SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                  "JOIN regions r ON r.id = o.region_id WHERE it.provider_id = 'tencentcloud' "
                  "AND o.billing = 'reserved' AND (r.code NOT IN ('ap-guangzhou', 'ap-shanghai', 'ap-beijing', "
                  "'ap-nanjing', 'ap-chengdu', 'ap-chongqing') OR o.term_months NOT IN (1, 12, 36))")),
              u"0");
    // Only the families whose monthly price and duration discount are both published: not GN6,
    // GN6S or GN8 (their 3-year discount is not the published one), nor the page's absent ones.
    EXPECT_EQ(rows(QStringLiteral(
                  "SELECT group_concat(DISTINCT substr(it.name, 1, instr(it.name, '.') - 1)) FROM "
                  "(SELECT DISTINCT it.name FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                  "WHERE it.provider_id = 'tencentcloud' AND o.billing = 'reserved' ORDER BY it.name) it")),
              u"GI3X,GN10X,GN10Xp,GN7,GT4");
    EXPECT_EQ(rows(QStringLiteral(
                  "SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                  "WHERE it.provider_id = 'tencentcloud' AND o.billing = 'reserved' AND it.name = 'GN7.21XLARGE320'")),
              u"0");
    // Where a region had another list price than the page's (GT4 in Nanjing, GI3X in Chengdu and
    // Chongqing), the page's figure is not applied.
    EXPECT_EQ(rows(QStringLiteral(
                  "SELECT count(*) FROM offers o JOIN instance_types it ON it.id = o.instance_type_id "
                  "JOIN regions r ON r.id = o.region_id WHERE it.provider_id = 'tencentcloud' "
                  "AND o.billing = 'reserved' AND ((it.name LIKE 'GT4.%' AND r.code = 'ap-nanjing') "
                  "OR (it.name LIKE 'GI3X.%' AND r.code IN ('ap-chengdu', 'ap-chongqing')))")),
              u"0");
}
