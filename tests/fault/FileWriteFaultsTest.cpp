// The fault probe's file-writing failures (issue 43), reproduced on the real CLI: --record on a
// full disk (a small tmpfs in a private mount namespace), a link, a dangling link and a FIFO
// planted at the offer cache's path, and a FIFO named as an export's output.

#include "CliProcess.h"
#include "FaultSupport.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <sys/stat.h>

using namespace gpuplanner::tests;

namespace {

QByteArray contentOf(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A private copy of the default catalog (CatalogCopyCli) and of an example scenario.
class FileWriteFaults : public CatalogCopyCli
{
protected:
    void SetUp() override
    {
        CatalogCopyCli::SetUp();
        m_scenario = m_dir.filePath(QStringLiteral("scenario.json"));
        ASSERT_TRUE(QFile::copy(QStringLiteral(GPUPLANNER_SOURCE_DIR "/resources/scenarios/mobilenet-t4.json"), m_scenario));
        QFile::setPermissions(m_scenario, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }

    QString cachePath() const { return m_catalog + QStringLiteral(".offers-cache"); }

    QString m_scenario;
};

} // namespace

TEST_F(FileWriteFaults, RecordOnAFullDiskKeepsTheScenarioAndFails)
{
    const QString unshare = QStandardPaths::findExecutable(QStringLiteral("unshare"));
    if (unshare.isEmpty())
        GTEST_SKIP() << "no unshare(1) to mount a small tmpfs";
    const QString mountPoint = m_dir.filePath(QStringLiteral("full"));
    ASSERT_TRUE(QDir().mkpath(mountPoint));
    const QString copyOut = m_dir.filePath(QStringLiteral("after.json"));
    // In a private mount namespace: a 256 KiB tmpfs holding the scenario, filled to the last page,
    // then plan --record on it; the scenario as it is afterwards is copied out for the test.
    const QString script = QStringLiteral(
        "mount -t tmpfs -o size=256k tmpfs \"$1\" || exit 77\n"
        "cp \"$2\" \"$1/scenario.json\"\n"
        "dd if=/dev/zero of=\"$1/fill\" bs=4096 2>/dev/null\n"
        "\"$3\" --catalog \"$4\" plan \"$1/scenario.json\" --record --top 1 >/dev/null 2>\"$5.err\"\n"
        "echo $? > \"$5.code\"\n"
        "cp \"$1/scenario.json\" \"$5\"\n");
    QProcess shell;
    shell.setProcessEnvironment(isolatedEnvironment(m_dir.filePath(QStringLiteral("home"))));
    shell.start(unshare, {QStringLiteral("-rm"), QStringLiteral("sh"), QStringLiteral("-c"), script, QStringLiteral("sh"),
                          mountPoint, m_scenario, QStringLiteral(GPUPLANNER_CLI_PATH), m_catalog, copyOut});
    ASSERT_TRUE(shell.waitForFinished(300000));
    if (shell.exitCode() == 77 || !QFileInfo::exists(copyOut + QStringLiteral(".code")))
        GTEST_SKIP() << "this machine allows no private mount namespace: " << shell.readAllStandardError().toStdString();
    const QString err = QString::fromUtf8(contentOf(copyOut + QStringLiteral(".err")));
    EXPECT_NE(contentOf(copyOut + QStringLiteral(".code")).trimmed(), QByteArray("0")) << err.toStdString();
    EXPECT_FALSE(err.contains(QStringLiteral("Recorded in"))) << err.toStdString();
    EXPECT_TRUE(err.contains(QStringLiteral("No space left"))) << err.toStdString();
    EXPECT_EQ(contentOf(copyOut), contentOf(m_scenario)) << "the scenario is whole after a failed --record";
}

TEST_F(FileWriteFaults, ALinkAtTheOfferCacheIsNeverWrittenThrough)
{
    const QString victim = m_dir.filePath(QStringLiteral("victim.txt"));
    QFile f(victim);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("another user's file\n");
    f.close();
    ASSERT_TRUE(QFile::link(victim, cachePath()));
    const CliRun r = run({QStringLiteral("plan"), m_scenario, QStringLiteral("--top"), QStringLiteral("1")});
    EXPECT_EQ(r.code, 0) << r.err.toStdString();
    EXPECT_EQ(contentOf(victim), QByteArray("another user's file\n"));
    EXPECT_TRUE(QFileInfo(cachePath()).isSymLink());

    // A dangling link's target is not created.
    QFile::remove(cachePath());
    const QString nowhere = m_dir.filePath(QStringLiteral("created-by-plan"));
    ASSERT_TRUE(QFile::link(nowhere, cachePath()));
    EXPECT_EQ(run({QStringLiteral("plan"), m_scenario, QStringLiteral("--top"), QStringLiteral("1")}).code, 0);
    EXPECT_FALSE(QFileInfo::exists(nowhere));
}

TEST_F(FileWriteFaults, AFifoAtTheOfferCacheNeitherHangsNorIsReplaced)
{
    ASSERT_EQ(::mkfifo(QFile::encodeName(cachePath()).constData(), 0600), 0);
    const CliRun r = run({QStringLiteral("plan"), m_scenario, QStringLiteral("--top"), QStringLiteral("1")});
    EXPECT_EQ(r.code, 0) << r.err.toStdString();
    struct stat st{};
    ASSERT_EQ(::lstat(QFile::encodeName(cachePath()).constData(), &st), 0);
    EXPECT_TRUE(S_ISFIFO(st.st_mode));
}

TEST_F(FileWriteFaults, AnExportNamedAtAFifoIsWrittenIntoIt)
{
    const QString fifo = m_dir.filePath(QStringLiteral("export.fifo"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const QString received = m_dir.filePath(QStringLiteral("received.csv"));
    QProcess reader;
    reader.setStandardOutputFile(received);
    reader.start(QStringLiteral("cat"), {fifo});
    ASSERT_TRUE(reader.waitForStarted());
    const CliRun r = run({QStringLiteral("catalog"), QStringLiteral("export"), fifo});
    EXPECT_EQ(r.code, 0) << r.err.toStdString();
    ASSERT_TRUE(reader.waitForFinished(120000));
    struct stat st{};
    ASSERT_EQ(::lstat(QFile::encodeName(fifo).constData(), &st), 0);
    EXPECT_TRUE(S_ISFIFO(st.st_mode)) << "the FIFO is still a FIFO";
    EXPECT_GT(QFileInfo(received).size(), 1000) << "the reader got the export";
}
