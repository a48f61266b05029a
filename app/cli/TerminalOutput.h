#pragma once
// TerminalOutput: the CLI's stdout and stderr, with every control character that a terminal
// would act on removed (ESC and the other C0 controls but tab, newline and carriage return, DEL, and the C1
// controls U+0080..U+009F): provider names, regions and probe files from outside reach the
// screen as text, never as cursor moves, title changes or hyperlinks.

#include <QFile>
#include <QIODevice>

#include <cstdio>

namespace gpuplanner::cli {

class TerminalOutput final : public QIODevice
{
public:
    explicit TerminalOutput(FILE *stream);
    ~TerminalOutput() override;

    bool isSequential() const override { return true; }

    // The bytes as they would reach the terminal (for tests).
    static QByteArray cleaned(QByteArrayView bytes, bool &pendingC2);

protected:
    qint64 readData(char *, qint64) override { return -1; }
    qint64 writeData(const char *data, qint64 size) override;

private:
    QFile m_file;
    bool m_pendingC2 = false; // a UTF-8 lead byte of U+0080..U+00BF ended the last write
};

} // namespace gpuplanner::cli
