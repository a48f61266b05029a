#include "core/actuals/TextInput.h"

namespace gpuplanner::core::actuals::detail {

namespace {

constexpr qint64 kChunkBytes = qint64(1) << 20;

// True when the bytes end inside a UTF-8 sequence (a file cut short in a character).
bool endsInsideCharacter(const QByteArray &bytes)
{
    for (qsizetype back = 1; back <= 4 && back <= bytes.size(); ++back) {
        const auto b = static_cast<unsigned char>(bytes.at(bytes.size() - back));
        if ((b & 0xC0) == 0x80)
            continue; // a continuation byte: look further back for its lead
        const int length = b < 0x80 ? 1 : (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : 4;
        return length > back;
    }
    return false;
}

} // namespace

TextInput::TextInput(QIODevice &device, QString sourceName, ReadProgress progress)
    : m_device(device), m_name(std::move(sourceName)), m_progress(std::move(progress)),
      m_total(device.isSequential() ? 0 : device.size())
{
}

bool TextInput::fail(const QString &why)
{
    if (!m_error)
        m_error = Error{QStringLiteral("%1: %2").arg(m_name, why)};
    m_atEnd = true;
    return false;
}

bool TextInput::readChunk(QString &text)
{
    text.clear();
    if (m_atEnd || m_error)
        return false;
    const QByteArray bytes = m_device.read(kChunkBytes);
    if (bytes.isEmpty()) {
        const bool broken = !m_device.atEnd();
        m_atEnd = true;
        if (broken)
            return fail(QStringLiteral("cannot read: %1").arg(m_device.errorString()));
        return false;
    }
    if (m_first) {
        m_first = false;
        if (bytes.startsWith("\x1f\x8b"))
            return fail(QStringLiteral("gzip-compressed: decompress it first (gunzip)"));
        if (bytes.startsWith("PAR1"))
            return fail(QStringLiteral("a Parquet file: export the report as CSV"));
        if (bytes.startsWith("PK\x03\x04"))
            return fail(QStringLiteral("a zip archive (or xlsx workbook): unpack it or save it as CSV"));
    }
    if (bytes.contains('\0'))
        return fail(QStringLiteral("binary data, not a text export"));
    m_hasher.push(bytes); // shared, not copied
    m_bytesRead += bytes.size();
    text = m_decoder(bytes);
    if (m_decoder.hasError())
        return fail(QStringLiteral("not UTF-8 text (a GBK or UTF-16 export? save it as UTF-8)"));
    if (m_device.atEnd() && endsInsideCharacter(bytes))
        return fail(QStringLiteral("not UTF-8 text (it ends inside a character: a file cut short?)"));
    if (m_bytesRead == bytes.size() && text.startsWith(QChar(0xFEFF)))
        text.remove(0, 1);
    if (m_progress && !m_progress(m_bytesRead, m_total))
        return fail(QStringLiteral("cancelled"));
    return true;
}

Result<QString> TextInput::head()
{
    if (!m_headRead) {
        m_headRead = true;
        QString chunk;
        while (m_head.size() < kHeadChars && readChunk(chunk))
            m_head += chunk;
        if (m_error)
            return *m_error;
        if (m_bytesRead == 0 || (m_atEnd && QStringView(m_head).trimmed().isEmpty()))
            return Error{QStringLiteral("%1: empty file").arg(m_name)};
    }
    if (m_error)
        return *m_error;
    return m_head.left(kHeadChars);
}

bool TextInput::next(QString &chunk)
{
    if (!m_headRead) {
        if (auto h = head(); !h)
            return false;
    }
    if (!m_headGiven) {
        m_headGiven = true;
        chunk = std::move(m_head);
        m_head.clear();
        if (!chunk.isEmpty())
            return true;
    }
    return readChunk(chunk);
}

Result<QString> TextInput::readAll(qint64 maxBytes, const QString &tooLarge)
{
    const auto refuse = [&] {
        return Error{QStringLiteral("%1: %2 MiB or more, larger than the %3 MiB limit for %4")
                         .arg(m_name)
                         .arg(qMax(m_total, m_bytesRead) / (1024 * 1024))
                         .arg(maxBytes / (1024 * 1024))
                         .arg(tooLarge)};
    };
    if (m_total > maxBytes)
        return refuse();
    QString text;
    QString chunk;
    while (next(chunk)) {
        text += chunk;
        if (m_bytesRead > maxBytes)
            return refuse();
    }
    if (m_error)
        return *m_error;
    return text;
}

QByteArray TextInput::sha256()
{
    m_hasher.drain();
    return m_hash.result();
}

} // namespace gpuplanner::core::actuals::detail
