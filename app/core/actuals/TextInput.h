#pragma once
// TextInput: a billing export's bytes as UTF-8 text in chunks (internal to core/actuals). It
// refuses what is not a text export (gzip, Parquet, zip, binary, other encodings) with a message
// that says what to do, drops a byte-order mark, hashes the raw bytes and reports progress.

#include "core/actuals/BillingStream.h"
#include "core/common/WorkerQueue.h"

#include <QCryptographicHash>
#include <QStringDecoder>

#include <optional>

namespace gpuplanner::core::actuals::detail {

class TextInput
{
public:
    TextInput(QIODevice &device, QString sourceName, ReadProgress progress = {});

    // The first kHeadChars characters (fewer at the end of a short file), for telling the
    // format; an error for an empty, compressed, binary or non-UTF-8 file.
    Result<QString> head();
    // The next piece of text, the head first; false at the end or on an error (see error()).
    bool next(QString &chunk);
    const std::optional<Error> &error() const { return m_error; }
    // The rest of the text at once, refused beyond maxBytes of file with the advice in tooLarge.
    Result<QString> readAll(qint64 maxBytes, const QString &tooLarge);
    // Of every byte, once the text has been read to its end.
    QByteArray sha256();
    const QString &name() const { return m_name; }

    static constexpr qsizetype kHeadChars = 64 * 1024;

private:
    bool readChunk(QString &text);
    bool fail(const QString &why);

    QIODevice &m_device;
    QString m_name;
    ReadProgress m_progress;
    QCryptographicHash m_hash{QCryptographicHash::Sha256};
    // SHA-256 costs as much as decoding: it runs on its own thread, a few chunks behind.
    WorkerQueue<QByteArray> m_hasher{4, [this](QByteArray &bytes) { m_hash.addData(bytes); }};
    QStringDecoder m_decoder{QStringDecoder::Utf8};
    QString m_head;
    bool m_headRead = false;
    bool m_headGiven = false;
    bool m_first = true;
    bool m_atEnd = false;
    qint64 m_bytesRead = 0;
    qint64 m_total = 0;
    std::optional<Error> m_error;
};

} // namespace gpuplanner::core::actuals::detail
