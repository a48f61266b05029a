// Billing imports replace earlier lines line for line and never delete what they do not carry
// (issue 43 item 2: a split export kept 1,700 of 3,200 lines, a one-line correction file left -20
// of 3,080): the parts of a split export add up to the whole, a correction replaces its one line,
// removing an import puts back what it replaced, a full re-delivery replaces every line, the
// same file twice still counts once, identities match as a multiset, and an import whose lines
// are all replaced stays until the one that replaced them goes.
//
// The files are derived in the tests from tests/data/billing/derived/
// aws_cur_legacy_gpu_daily_may2024.csv (a legacy AWS CUR, 124 lines for May 2024, itself derived
// from aws_cur_legacy_gpu.reconstructed.csv; see SOURCE.md there) and, for the multiset case,
// from the rows of tests/data/billing/generic_spend.csv's simple CSV shape.

#include "db/Database.h"
#include "db/Migrations.h"
#include "db/SpendStore.h"

#include <QBuffer>
#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace gpuplanner;
using namespace gpuplanner::core;

namespace {

constexpr qint64 kWholeMicros = 73498816000; // usage + commitment + credit + refund + tax of the CUR
constexpr qint64 kFirstRowMicros = 786542400; // its first row: p4d.24xlarge on demand, 1 May

class BillingReplacement : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_dir.isValid());
        auto opened = db::Database::open(m_dir.filePath(QStringLiteral("c.sqlite")), db::OpenMode::Create);
        ASSERT_TRUE(opened.ok()) << opened.errorMessage().toStdString();
        m_db = std::move(opened).value();
        ASSERT_TRUE(db::migrate(*m_db).ok());
        QFile cur(QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/billing/derived/aws_cur_legacy_gpu_daily_may2024.csv"));
        ASSERT_TRUE(cur.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = cur.readAll().split('\n');
        m_header = lines.first();
        for (qsizetype i = 1; i < lines.size(); ++i) {
            if (!lines.at(i).isEmpty())
                m_rows.append(lines.at(i));
        }
        ASSERT_EQ(m_rows.size(), 124);
    }

    // The CUR's header and rows [from, to).
    QByteArray cur(qsizetype from, qsizetype to) const
    {
        QByteArray out = m_header + '\n';
        for (qsizetype i = from; i < to; ++i)
            out += m_rows.at(i) + '\n';
        return out;
    }

    db::SpendImportOutcome import(const QByteArray &bytes, const QString &name)
    {
        QBuffer buffer;
        buffer.setData(bytes);
        buffer.open(QIODevice::ReadOnly);
        auto outcome = db::importSpend(*m_db, buffer, name, actuals::BillingFormat::Auto, QString());
        EXPECT_TRUE(outcome.ok()) << name.toStdString() << ": " << outcome.errorMessage().toStdString();
        return outcome.ok() ? std::move(outcome).value() : db::SpendImportOutcome{};
    }

    // The lines every read sees (replaced ones left out) and their spend, all kinds together.
    std::pair<qsizetype, qint64> counted()
    {
        auto lines = db::allSpendLines(*m_db);
        EXPECT_TRUE(lines.ok()) << lines.errorMessage().toStdString();
        qint64 micros = 0;
        for (const SpendRecord &r : lines.value())
            micros += r.line.amountMicros;
        return {lines.value().size(), micros};
    }

    QList<SpendImportInfo> imports()
    {
        auto list = db::spendImports(*m_db);
        EXPECT_TRUE(list.ok()) << list.errorMessage().toStdString();
        return list.ok() ? list.value() : QList<SpendImportInfo>{};
    }

    QTemporaryDir m_dir;
    std::unique_ptr<db::Database> m_db;
    QByteArray m_header;
    QList<QByteArray> m_rows;
};

} // namespace

TEST_F(BillingReplacement, TheWholeFileCountsEveryLine)
{
    const auto whole = import(cur(0, 124), QStringLiteral("whole.csv"));
    EXPECT_EQ(whole.lines, 124);
    EXPECT_EQ(whole.replacedLines, 0);
    EXPECT_EQ(counted(), std::make_pair(qsizetype(124), kWholeMicros));
}

TEST_F(BillingReplacement, TheTwoPartsOfASplitExportThatShareOneLineAddUpToTheWholeFile)
{
    // Cut after row 89 and start part 2 with row 89 again: the one line both parts carry.
    const auto first = import(cur(0, 89), QStringLiteral("cur-part-1.csv"));
    const auto second = import(cur(88, 124), QStringLiteral("cur-part-2.csv"));
    EXPECT_EQ(first.lines + second.lines, 125);
    EXPECT_EQ(second.replacedLines, 1);
    ASSERT_EQ(second.replaced.size(), 1);
    EXPECT_EQ(second.replaced.at(0).importId, first.importId);
    EXPECT_EQ(second.replaced.at(0).sourceFile, QStringLiteral("cur-part-1.csv"));
    EXPECT_EQ(second.replaced.at(0).period, QStringLiteral("2024-05"));
    EXPECT_EQ(second.replaced.at(0).lines, 1);
    EXPECT_EQ(counted(), std::make_pair(qsizetype(124), kWholeMicros));
    const auto list = imports();
    ASSERT_EQ(list.size(), 2);
    EXPECT_EQ(list.at(0).lines, 88);
    EXPECT_EQ(list.at(1).lines, 36);
}

// A Savings Plan's covered usage (rows 21-40) and its negation (rows 41-60) agree on every
// identity column but the charge type (lineItem/LineItemType): an export split between them keeps
// both, neither standing for the other.
TEST_F(BillingReplacement, ASplitBetweenASavingsPlansUsageAndItsNegationKeepsBoth)
{
    const auto first = import(cur(0, 40), QStringLiteral("cur-part-1.csv"));
    const auto second = import(cur(40, 124), QStringLiteral("cur-part-2.csv"));
    EXPECT_EQ(first.lines + second.lines, 124);
    EXPECT_EQ(second.replacedLines, 0);
    EXPECT_EQ(counted(), std::make_pair(qsizetype(124), kWholeMicros));
}

TEST_F(BillingReplacement, AOneLineCorrectionReplacesThatLineAndRemovingItPutsTheLineBack)
{
    const auto original = import(cur(0, 124), QStringLiteral("aws-cur-2024-05.csv"));
    QByteArray correction = cur(0, 1);
    correction.replace("786.5424", "700.0000");
    const auto corrected = import(correction, QStringLiteral("aws-cur-2024-05-fix.csv"));
    EXPECT_EQ(corrected.lines, 1);
    EXPECT_EQ(corrected.replacedLines, 1);
    ASSERT_EQ(corrected.replaced.size(), 1);
    EXPECT_EQ(corrected.replaced.at(0).importId, original.importId);
    EXPECT_EQ(counted(), std::make_pair(qsizetype(124), kWholeMicros - kFirstRowMicros + 700000000));

    ASSERT_TRUE(db::removeSpendImport(*m_db, corrected.importId).ok());
    EXPECT_EQ(counted(), std::make_pair(qsizetype(124), kWholeMicros));
    const auto list = imports();
    ASSERT_EQ(list.size(), 1);
    EXPECT_EQ(list.at(0).id, original.importId);
    EXPECT_EQ(list.at(0).lines, 124);
}

TEST_F(BillingReplacement, AFullRedeliveryReplacesEveryEarlierLineAndAddsItsNewOnes)
{
    const auto original = import(cur(0, 124), QStringLiteral("aws-cur-2024-05.csv"));
    // The same 124 lines, the first row's 20 days at 700.00 instead of 786.5424, and those 20
    // days again for a second account.
    QByteArray redelivery = cur(0, 124);
    redelivery.replace("786.5424,32.7726,786.5424", "700.0000,32.7726,700.0000");
    QByteArray secondAccount = cur(0, 20);
    secondAccount.replace("786.5424,32.7726,786.5424", "700.0000,32.7726,700.0000");
    secondAccount.replace("111122223333", "444455556666");
    redelivery += secondAccount.mid(m_header.size() + 1);
    const auto again = import(redelivery, QStringLiteral("aws-cur-2024-05-v2.csv"));
    EXPECT_EQ(again.lines, 144);
    EXPECT_EQ(again.replacedLines, 124);
    ASSERT_EQ(again.replaced.size(), 1);
    EXPECT_EQ(again.replaced.at(0).importId, original.importId);
    EXPECT_EQ(again.replaced.at(0).lines, 124);
    const qint64 firstRowsNow = 20 * (qint64(700000000) - kFirstRowMicros);
    EXPECT_EQ(counted(), std::make_pair(qsizetype(144), kWholeMicros + firstRowsNow + 20 * qint64(700000000)));
    // The earlier import stays, its lines all replaced, to come back with the removal.
    const auto list = imports();
    ASSERT_EQ(list.size(), 2);
    EXPECT_EQ(list.at(0).lines, 0);
    ASSERT_TRUE(db::removeSpendImport(*m_db, again.importId).ok());
    EXPECT_EQ(counted(), std::make_pair(qsizetype(124), kWholeMicros));
}

TEST_F(BillingReplacement, TheSameFileTwiceIsADuplicateAndChangesNothing)
{
    const auto first = import(cur(0, 124), QStringLiteral("aws-cur-2024-05.csv"));
    const auto second = import(cur(0, 124), QStringLiteral("aws-cur-2024-05 (1).csv"));
    EXPECT_TRUE(second.duplicate);
    EXPECT_EQ(second.importId, first.importId);
    EXPECT_EQ(second.replacedLines, 0);
    EXPECT_EQ(counted(), std::make_pair(qsizetype(124), kWholeMicros));
    EXPECT_EQ(imports().size(), 1);
}

TEST_F(BillingReplacement, IdentitiesMatchAsAMultiset)
{
    // Three lines of one identity (amounts aside), then a file that carries two of them: two go.
    const QByteArray header = "usage_start,usage_end,provider,instance_type,amount,currency,kind\n";
    const QByteArray line = "2024-05-01T00:00:00Z,2024-05-01T01:00:00Z,lambda,gpu_8x_h100_sxm5,%1,USD,usage\n";
    QByteArray three = header;
    for (const char *amount : {"10.00", "11.00", "12.00"})
        three += QByteArray(line).replace("%1", amount);
    QByteArray two = header;
    for (const char *amount : {"20.00", "21.00"})
        two += QByteArray(line).replace("%1", amount);
    import(three, QStringLiteral("three.csv"));
    const auto replacing = import(two, QStringLiteral("two.csv"));
    EXPECT_EQ(replacing.replacedLines, 2);
    // The oldest two go; the third (12.00) stays beside the new two.
    EXPECT_EQ(counted(), std::make_pair(qsizetype(3), qint64(53000000)));
    ASSERT_TRUE(db::removeSpendImport(*m_db, replacing.importId).ok());
    EXPECT_EQ(counted(), std::make_pair(qsizetype(3), qint64(33000000)));
}

TEST_F(BillingReplacement, RemovingTheMiddleOfThreeDeliveriesLeavesTheLatestCountedOnce)
{
    const auto original = import(cur(0, 124), QStringLiteral("aws-cur-2024-05.csv"));
    QByteArray fix1 = cur(0, 1);
    fix1.replace("786.5424", "700.0000");
    QByteArray fix2 = cur(0, 1);
    fix2.replace("786.5424", "650.0000");
    const auto middle = import(fix1, QStringLiteral("fix-1.csv"));
    const auto latest = import(fix2, QStringLiteral("fix-2.csv"));
    ASSERT_EQ(latest.replaced.size(), 1);
    EXPECT_EQ(latest.replaced.at(0).importId, middle.importId);
    const qint64 withLatest = kWholeMicros - kFirstRowMicros + 650000000;
    EXPECT_EQ(counted(), std::make_pair(qsizetype(124), withLatest));

    // The original's line does not come back beside the latest one: the latest replaces it now.
    ASSERT_TRUE(db::removeSpendImport(*m_db, middle.importId).ok());
    EXPECT_EQ(counted(), std::make_pair(qsizetype(124), withLatest));
    ASSERT_TRUE(db::removeSpendImport(*m_db, latest.importId).ok());
    EXPECT_EQ(counted(), std::make_pair(qsizetype(124), kWholeMicros));
    ASSERT_EQ(imports().size(), 1);
    EXPECT_EQ(imports().at(0).id, original.importId);
}

TEST_F(BillingReplacement, RemovingAnImportWhoseLinesWereReplacedTakesThemAway)
{
    // The way to drop a line a restated bill no longer carries: remove the earlier import.
    const auto original = import(cur(0, 124), QStringLiteral("aws-cur-2024-05.csv"));
    const auto restated = import(cur(0, 123), QStringLiteral("aws-cur-2024-05-restated.csv")); // the refund withdrawn
    EXPECT_EQ(restated.replacedLines, 123);
    EXPECT_EQ(counted(), std::make_pair(qsizetype(124), kWholeMicros)); // the earlier refund still counts
    ASSERT_TRUE(db::removeSpendImport(*m_db, original.importId).ok());
    EXPECT_EQ(counted(), std::make_pair(qsizetype(123), kWholeMicros + 98320000));
    EXPECT_EQ(imports().size(), 1);
}

TEST_F(BillingReplacement, AnImportNotThereIsAnErrorThatChangesNothing)
{
    import(cur(0, 124), QStringLiteral("aws-cur-2024-05.csv"));
    QByteArray correction = cur(0, 1);
    correction.replace("786.5424", "700.0000");
    import(correction, QStringLiteral("fix.csv"));
    const Status missing = db::removeSpendImport(*m_db, 99);
    ASSERT_FALSE(missing.ok());
    EXPECT_TRUE(missing.errorMessage().contains(QStringLiteral("no billing import 99"))) << missing.errorMessage().toStdString();
    EXPECT_EQ(counted(), std::make_pair(qsizetype(124), kWholeMicros - kFirstRowMicros + 700000000));
    EXPECT_EQ(imports().size(), 2);
}
