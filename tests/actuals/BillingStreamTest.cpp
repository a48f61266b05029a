// Billing exports read as streams: CSV records split at any point of the text come out the same,
// exports larger than one read chunk (1 MiB) cross chunk boundaries mid-record, mid-quote and
// mid-character and still read exactly as their parts, a JSON document over the limit is refused
// with how to split it, and a reader stops at the first line its sink refuses.

#include "core/actuals/BillingStream.h"
#include "core/io/CsvReader.h"

#include <QBuffer>
#include <QFile>

#include <gtest/gtest.h>

using namespace gpuplanner::core;
using namespace gpuplanner::core::actuals;

namespace {

QByteArray sample(const char *name)
{
    QFile f(QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/billing/") + QString::fromUtf8(name));
    EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << name;
    return f.readAll();
}

class CountingSink final : public SpendSink
{
public:
    Status add(const SpendLine &line) override
    {
        ++lines;
        micros += line.amountMicros;
        if (refuseAt > 0 && lines == refuseAt)
            return Error{QStringLiteral("refused line %1").arg(line.sourceRow)};
        return success();
    }
    Status setBasis(const QString &basis) override
    {
        lastBasis = basis;
        return success();
    }
    qint64 lines = 0;
    qint64 micros = 0;
    qint64 refuseAt = 0;
    QString lastBasis;
};

Result<BillingReadSummary> readBytes(const QByteArray &bytes, const QString &name, SpendSink &sink,
                                     BillingFormat format = BillingFormat::Auto)
{
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    return readBillingExport(buffer, name, format, sink);
}

// The header once and the body repeated until the text passes minBytes.
QByteArray repeatedBody(const QByteArray &csv, qint64 minBytes, int &copies)
{
    const qsizetype nl = csv.indexOf('\n');
    const QByteArray header = csv.left(nl + 1);
    QByteArray body = csv.mid(nl + 1);
    if (!body.endsWith('\n'))
        body += '\n';
    QByteArray out = header;
    copies = 0;
    while (out.size() < minBytes) {
        out += body;
        ++copies;
    }
    return out;
}

// A file as big as it says, that never holds its bytes: "[" and then spaces.
class HugeJson final : public QIODevice
{
public:
    explicit HugeJson(qint64 size) : m_size(size) { open(QIODevice::ReadOnly); }
    qint64 size() const override { return m_size; }

protected:
    qint64 readData(char *data, qint64 maxSize) override
    {
        const qint64 n = qMin(maxSize, m_size - pos());
        for (qint64 i = 0; i < n; ++i)
            data[i] = pos() + i == 0 ? '[' : ' ';
        return qMax<qint64>(n, 0);
    }
    qint64 writeData(const char *, qint64) override { return -1; }

private:
    qint64 m_size;
};

} // namespace

TEST(CsvRecordReader, RecordsAreTheSameWhereverTheTextIsSplit)
{
    const QString text = QStringLiteral("a,b,c\r\n\"x, \"\"quoted\"\"\",2,\"multi\nline\"\r\n\n3,,\"\"\r\nlast,\"é\",end");
    auto whole = parseCsv(text, QStringLiteral("t.csv"));
    ASSERT_TRUE(whole.ok()) << whole.errorMessage().toStdString();
    ASSERT_EQ(whole->size(), 3);
    for (qsizetype cut = 0; cut <= text.size(); ++cut) {
        for (qsizetype cut2 = cut; cut2 <= text.size(); cut2 += 3) {
            CsvRecordReader reader;
            QList<CsvFields> records;
            reader.feed(QStringView(text).left(cut), records);
            reader.feed(QStringView(text).mid(cut, cut2 - cut), records);
            reader.feed(QStringView(text).mid(cut2), records);
            ASSERT_TRUE(reader.finish(records));
            ASSERT_EQ(records.size(), 4) << "cut at " << cut << " and " << cut2;
            EXPECT_EQ(records.at(0).toList(), whole->header());
            for (int r = 0; r < 3; ++r) {
                EXPECT_EQ(records.at(r + 1).toList(), whole->records().at(r).fields) << "cut at " << cut << " and " << cut2;
                EXPECT_EQ(records.at(r + 1).line, whole->records().at(r).line);
            }
        }
    }
    EXPECT_EQ(whole->records().at(0).fields.at(0), QStringLiteral("x, \"quoted\""));
    EXPECT_EQ(whole->records().at(0).fields.at(2), QStringLiteral("multi\nline"));
    EXPECT_EQ(whole->records().at(1).line, 5); // after the blank line 4
}

TEST(CsvRecordReader, AnOpenQuoteAtTheEndIsAnErrorOnItsLine)
{
    CsvRecordReader reader;
    QList<CsvFields> records;
    reader.feed(u"a,b\n1,\"never closed\n", records);
    EXPECT_FALSE(reader.finish(records));
    EXPECT_EQ(reader.errorLine(), 2);
}

TEST(BillingStream, AnAwsCurOverManyChunksReadsAsItsCopies)
{
    const QByteArray one = sample("aws_cur_legacy_gpu.reconstructed.csv");
    CountingSink single;
    auto base = readBytes(one, QStringLiteral("cur.csv"), single);
    ASSERT_TRUE(base.ok()) << base.errorMessage().toStdString();
    int copies = 0;
    const QByteArray big = repeatedBody(one, 5 * 1024 * 1024, copies);
    ASSERT_GT(copies, 100);
    CountingSink sink;
    auto read = readBytes(big, QStringLiteral("big-cur.csv"), sink);
    ASSERT_TRUE(read.ok()) << read.errorMessage().toStdString();
    EXPECT_EQ(read->format, BillingFormat::AwsCur);
    EXPECT_EQ(sink.lines, single.lines * copies);
    EXPECT_EQ(read->lines, sink.lines);
    EXPECT_EQ(sink.micros, single.micros * copies);
    for (const auto &[key, micros] : base->totals)
        EXPECT_EQ(read->totals.at(key), micros * copies) << chargeKindId(key.first).toStdString();
    EXPECT_EQ(read->periods, base->periods);
    EXPECT_EQ(read->sha256.size(), 32);
}

TEST(BillingStream, AChineseBillCrossesChunksInsideItsCharacters)
{
    // Every copy of the Alibaba bill is Chinese text; at 3 MiB the 1 MiB reads split characters.
    const QByteArray one = sample("alibaba_bill_detail_zh.reconstructed.csv");
    CountingSink single;
    ASSERT_TRUE(readBytes(one, QStringLiteral("bill.csv"), single).ok());
    int copies = 0;
    const QByteArray big = repeatedBody(one, 3 * 1024 * 1024, copies);
    CountingSink sink;
    auto read = readBytes(big, QStringLiteral("bill.csv"), sink);
    ASSERT_TRUE(read.ok()) << read.errorMessage().toStdString();
    EXPECT_EQ(sink.lines, single.lines * copies);
    EXPECT_EQ(sink.micros, single.micros * copies);
}

TEST(BillingStream, GcpNewlineDelimitedRowsStreamPastTheChunkSize)
{
    const QByteArray one = sample("gcp_bq_detailed_export_gpu.reconstructed.ndjson");
    CountingSink single;
    ASSERT_TRUE(readBytes(one, QStringLiteral("gcp.ndjson"), single).ok());
    QByteArray big;
    int copies = 0;
    while (big.size() < 3 * 1024 * 1024) {
        big += one.endsWith('\n') ? one : one + '\n';
        ++copies;
    }
    CountingSink sink;
    auto read = readBytes(big, QStringLiteral("gcp.ndjson"), sink);
    ASSERT_TRUE(read.ok()) << read.errorMessage().toStdString();
    EXPECT_EQ(read->format, BillingFormat::Gcp);
    EXPECT_EQ(sink.lines, single.lines * copies);
    EXPECT_EQ(sink.micros, single.micros * copies);
}

TEST(BillingStream, AJsonDocumentOverTheLimitIsRefusedWithHowToSplitIt)
{
    HugeJson device(qint64(3) * 1024 * 1024 * 1024);
    CountingSink sink;
    auto read = readBillingExport(device, QStringLiteral("rows.json"), BillingFormat::Gcp, sink);
    ASSERT_FALSE(read.ok());
    const std::string message = read.errorMessage().toStdString();
    EXPECT_NE(message.find("rows.json: 3072 MiB or more, larger than the 64 MiB limit"), std::string::npos) << message;
    EXPECT_NE(message.find("newline-delimited JSON, or split it"), std::string::npos) << message;
}

TEST(BillingStream, AReaderStopsAtTheFirstLineItsSinkRefuses)
{
    const QByteArray one = sample("aws_cur_legacy_gpu.reconstructed.csv");
    CountingSink sink;
    sink.refuseAt = 3;
    auto read = readBytes(one, QStringLiteral("cur.csv"), sink);
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(sink.lines, 3);
    EXPECT_NE(read.errorMessage().toStdString().find("refused line"), std::string::npos);
}

TEST(BillingStream, ProgressReachesTheFileSizeAndCanCancel)
{
    const QByteArray one = sample("aws_cur_legacy_gpu.reconstructed.csv");
    int copies = 0;
    const QByteArray big = repeatedBody(one, 3 * 1024 * 1024, copies);
    QBuffer buffer;
    buffer.setData(big);
    buffer.open(QIODevice::ReadOnly);
    QList<qint64> seen;
    CountingSink sink;
    auto read = readBillingExport(buffer, QStringLiteral("cur.csv"), BillingFormat::Auto, sink, [&](qint64 done, qint64 total) {
        EXPECT_EQ(total, big.size());
        seen.append(done);
        return true;
    });
    ASSERT_TRUE(read.ok());
    ASSERT_GE(seen.size(), 3);
    EXPECT_EQ(seen.last(), big.size());

    buffer.seek(0);
    CountingSink cancelled;
    auto stopped = readBillingExport(buffer, QStringLiteral("cur.csv"), BillingFormat::Auto, cancelled,
                                     [](qint64 done, qint64) { return done < 2 * 1024 * 1024; });
    ASSERT_FALSE(stopped.ok());
    EXPECT_NE(stopped.errorMessage().toStdString().find("cur.csv: cancelled"), std::string::npos);
}
