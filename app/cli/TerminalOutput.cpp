#include "TerminalOutput.h"

namespace gpuplanner::cli {

TerminalOutput::TerminalOutput(FILE *stream)
{
    m_file.open(stream, QIODevice::WriteOnly | QIODevice::Unbuffered);
    open(QIODevice::WriteOnly | QIODevice::Unbuffered);
}

TerminalOutput::~TerminalOutput()
{
    if (m_pendingC2)
        m_file.write("\xC2", 1);
    m_file.flush();
}

QByteArray TerminalOutput::cleaned(QByteArrayView bytes, bool &pendingC2)
{
    QByteArray out;
    out.reserve(bytes.size() + 1);
    for (const char ch : bytes) {
        const auto c = uchar(ch);
        if (pendingC2) {
            pendingC2 = false;
            if (c >= 0x80 && c <= 0x9F)
                continue; // U+0080..U+009F, the C1 controls (CSI among them), in UTF-8
            out.append('\xC2');
        }
        if (c == 0xC2) {
            pendingC2 = true;
            continue;
        }
        // Carriage return stays: the progress lines redraw themselves with it.
        if ((c < 0x20 && c != '\n' && c != '\t' && c != '\r') || c == 0x7F)
            continue;
        out.append(ch);
    }
    return out;
}

qint64 TerminalOutput::writeData(const char *data, qint64 size)
{
    const QByteArray clean = cleaned(QByteArrayView(data, size), m_pendingC2);
    if (!clean.isEmpty() && m_file.write(clean) != clean.size())
        return -1;
    return size;
}

} // namespace gpuplanner::cli
