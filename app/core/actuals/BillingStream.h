#pragma once
// BillingStream: a billing export read as a stream. The reader pulls the file in chunks, decodes
// them, and hands each spend line to a SpendSink as soon as it is read, so a multi-gigabyte AWS
// CUR costs one chunk and one batch of lines in memory, not the file. CSV and newline-delimited
// JSON stream at any size; a format that is one JSON document (an API response, a JSON array) is
// read whole up to kMaxJsonDocumentBytes, and a larger one is refused with how to split it.

#include "core/actuals/SpendLine.h"

#include <QIODevice>

#include <functional>
#include <map>

namespace gpuplanner::core::actuals {

// A whole-document JSON export larger than this is refused (pages of an API are far smaller).
inline constexpr qint64 kMaxJsonDocumentBytes = qint64(64) * 1024 * 1024;

// Where lines go: a store (inside one transaction) or a list.
class SpendSink
{
public:
    virtual ~SpendSink() = default;
    // One checked line, on its own clock, with its billing period set.
    virtual Status add(const SpendLine &line) = 0;
    // The reader learned at the end which cost column every line came from (an Azure export
    // that does not say actual or amortized): every line added so far takes this basis.
    virtual Status setBasis(const QString &basis) = 0;
};

// Bytes read so far and the file's size (0 when unknown). Returns false to cancel the read.
using ReadProgress = std::function<bool(qint64 bytesRead, qint64 totalBytes)>;

struct BillingReadSummary
{
    BillingFormat format = BillingFormat::Auto; // the format the lines were read as (never Auto)
    QByteArray sha256;                          // of the raw bytes
    QStringList notes;
    qint64 lines = 0;
    QStringList periods;                              // distinct billingPeriod values, sorted
    std::map<std::pair<ChargeKind, QString>, qint64> totals; // micros per (kind, currency)
};

// Reads an export from device into sink. On any problem returns an error naming sourceName, the
// row (line or record) and the column; lines already given to the sink are then the caller's to
// discard (a store rolls its transaction back). Dates later than two years after today are
// refused as implausible; today is the caller's (the system date unless a test passes its own).
Result<BillingReadSummary> readBillingExport(QIODevice &device, const QString &sourceName, BillingFormat format,
                                             SpendSink &sink, const ReadProgress &progress = {},
                                             const QDate &today = QDate::currentDate());

} // namespace gpuplanner::core::actuals
