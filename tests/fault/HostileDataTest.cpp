// Hostile and careless data: duplicate rows, single bad prices and absurd figures from every
// kind of source (custom CSV, SkyPilot vms.csv, native API) never cost a provider its prices.

#include "CliProcess.h"
#include "FaultSupport.h"
#include "db/SeedCatalog.h"

#include "db/Database.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <unistd.h>

using namespace gpuplanner;
using namespace gpuplanner::tests;

namespace {

class HostileData : public ::testing::Test
{
protected:
    void SetUp() override
    {
        m_catalog = copySeedCatalog(m_dir.path());
        m_env = isolatedEnvironment(m_dir.path());
    }

    CliRun run(QStringList args)
    {
        args.prepend(m_catalog);
        args.prepend(QStringLiteral("--catalog"));
        return runCli(args, m_env);
    }

    QString write(const QString &name, const QByteArray &data)
    {
        const QString path = m_dir.filePath(name);
        QFile f(path);
        EXPECT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(data);
        return path;
    }

    qint64 offersOf(const QString &provider)
    {
        return catalogScalar(m_catalog, QStringLiteral("SELECT count(*) FROM offers o JOIN instance_types it ON it.id = "
                                                       "o.instance_type_id WHERE it.provider_id = '%1' AND "
                                                       "o.unavailable_since IS NULL")
                                            .arg(provider));
    }

    double price(const QString &provider, const QString &instance, const QString &region, const QString &billing)
    {
        const qint64 micro = catalogScalar(
            m_catalog, QStringLiteral("SELECT CAST(round(o.hourly_price * 1000000) AS INTEGER) FROM offers o JOIN "
                                      "instance_types it ON it.id = o.instance_type_id JOIN regions r ON r.id = "
                                      "o.region_id WHERE it.provider_id = '%1' AND it.name = '%2' AND r.code = '%3' "
                                      "AND o.billing = '%4'")
                           .arg(provider, instance, region, billing));
        return double(micro) / 1e6;
    }

    QTemporaryDir m_dir;
    QString m_catalog;
    QProcessEnvironment m_env;
};

} // namespace

TEST_F(HostileData, TwentyIdenticalCustomRowsDoNotCutAProviderToOneOffer)
{
    QByteArray csv = "provider,instance_type,region,gpu,gpu_count,billing,price_per_hour,currency\n";
    QByteArray many = csv;
    for (int i = 0; i < 40; ++i)
        many += QStringLiteral("acme,box-%1,eu-1,H100,8,on_demand,%2,USD\n").arg(i).arg(20 + i).toUtf8();
    ASSERT_EQ(run({QStringLiteral("refresh"), QStringLiteral("--from"), write(QStringLiteral("forty.csv"), many)}).code, 0);
    ASSERT_EQ(offersOf(QStringLiteral("acme")), 40);

    QByteArray same = csv;
    for (int i = 0; i < 20; ++i)
        same += "acme,box-0,eu-1,H100,8,on_demand,21,USD\n";
    const QString path = write(QStringLiteral("same.csv"), same);
    const CliRun refused = run({QStringLiteral("refresh"), QStringLiteral("--from"), path});
    EXPECT_EQ(refused.code, 2);
    EXPECT_TRUE(refused.out.contains(QStringLiteral("1 distinct offers where the catalog has 40"))) << refused.out.toStdString();
    EXPECT_EQ(offersOf(QStringLiteral("acme")), 40);

    const CliRun forced = run({QStringLiteral("refresh"), QStringLiteral("--from"), path, QStringLiteral("--force")});
    EXPECT_EQ(forced.code, 0) << forced.out.toStdString();
    EXPECT_TRUE(forced.out.contains(QStringLiteral("19 duplicate rows ignored"))) << forced.out.toStdString();
    EXPECT_EQ(offersOf(QStringLiteral("acme")), 1);
}

TEST_F(HostileData, OneBadPriceInAVmsCsvKeepsThatOffersPreviousPriceAndIsCounted)
{
    const double before = price(QStringLiteral("lambda"), QStringLiteral("gpu_1x_h100_pcie"), QStringLiteral("us-east-1"),
                                QStringLiteral("on_demand"));
    ASSERT_GT(before, 0);
    const qint64 offers = offersOf(QStringLiteral("lambda"));
    for (const char *bad : {"abc", "-1", "inf", "1e308"}) {
        QByteArray csv = scaledVmsCsv(QStringLiteral("lambda"), 1.0);
        QList<QByteArray> lines = csv.split('\n');
        for (QByteArray &line : lines) {
            if (line.startsWith("gpu_1x_h100_pcie,") && line.contains(",us-east-1,")) {
                QList<QByteArray> fields = line.split(',');
                fields[5] = bad; // Price
                line = fields.join(',');
            }
        }
        const QString path = write(QStringLiteral("vms.csv"), lines.join('\n'));
        const CliRun r = run({QStringLiteral("refresh"), QStringLiteral("--from"), path, QStringLiteral("--provider"),
                              QStringLiteral("lambda")});
        EXPECT_EQ(r.code, 0) << bad << ": " << r.err.toStdString();
        EXPECT_TRUE(r.out.contains(QStringLiteral("kept its previous price"))) << bad << ": " << r.out.toStdString();
        EXPECT_EQ(offersOf(QStringLiteral("lambda")), offers) << bad;
        EXPECT_DOUBLE_EQ(price(QStringLiteral("lambda"), QStringLiteral("gpu_1x_h100_pcie"), QStringLiteral("us-east-1"),
                               QStringLiteral("on_demand")),
                         before)
            << bad;
    }
    EXPECT_GT(catalogScalar(m_catalog, QStringLiteral("SELECT count(*) FROM refresh_log WHERE provider_id = 'lambda' AND "
                                                      "message LIKE '%kept its previous price%'")),
              0);
}

TEST_F(HostileData, AnAbsurdPriceFromANativeApiIsNotStored)
{
    TestHttpServer server;
    QFile page(QStringLiteral(GPUPLANNER_TEST_DATA_DIR "/api/azure/retail_prices_page1.json"));
    ASSERT_TRUE(page.open(QIODevice::ReadOnly));
    QByteArray body = page.readAll();
    // Every price of the page becomes 1e308 USD/h; the link to page 2 is dropped.
    body.replace(QByteArray("\"retailPrice\": "), QByteArray("\"retailPrice\": 1e308, \"was\": "));
    body.replace(QByteArray("\"unitPrice\": "), QByteArray("\"unitPrice\": 1e308, \"wasUnit\": "));
    const qsizetype at = body.indexOf("\"NextPageLink\"");
    ASSERT_GE(at, 0);
    const qsizetype start = body.indexOf('"', body.indexOf(':', at));
    body.replace(start, body.indexOf('"', start + 1) - start + 1, "null");
    HttpTestReply reply;
    reply.body = body;
    server.routeSequence("/api/retail/prices", {reply});
    const CliRun r = run({QStringLiteral("refresh"), QStringLiteral("--source"), QStringLiteral("native"),
                          QStringLiteral("--provider"), QStringLiteral("azure"), QStringLiteral("--region"),
                          QStringLiteral("eastus"), QStringLiteral("--force"), QStringLiteral("--endpoint"),
                          QStringLiteral("azure=") + server.url(QStringLiteral("/")).toString()});
    EXPECT_TRUE(r.out.contains(QStringLiteral("implausible price"))) << r.out.toStdString() << r.err.toStdString();
    EXPECT_EQ(catalogScalar(m_catalog, QStringLiteral("SELECT count(*) FROM offers WHERE hourly_price > 1e6")), 0);
}

TEST_F(HostileData, ACatalogInAFolderThatCannotBeWrittenStillReads)
{
    // The folder is 0555 and the catalog 0444. Root writes anyway, so as root the CLI runs
    // as nobody (setpriv); as anyone else it runs as that user.
    QDir(m_dir.path()).mkdir(QStringLiteral("ro"));
    const QString folder = m_dir.filePath(QStringLiteral("ro"));
    const QString catalog = QDir(folder).filePath(QStringLiteral("catalog.sqlite"));
    ASSERT_TRUE(QFile::copy(m_catalog, catalog));
    {
        // A catalog the app has written is in WAL mode; its -wal and -shm go on a clean close.
        auto db = db::Database::open(catalog, db::OpenMode::ReadWrite);
        ASSERT_TRUE(db.ok()) << db.errorMessage().toStdString();
        auto mode = db.value()->prepare(QStringLiteral("PRAGMA journal_mode"));
        ASSERT_TRUE(mode.ok() && mode.value().step());
        ASSERT_EQ(mode.value().text(0).toStdString(), "wal");
    }
    ASSERT_TRUE(QFile::setPermissions(catalog, QFileDevice::ReadOwner | QFileDevice::ReadGroup | QFileDevice::ReadOther));
    const auto rx = QFileDevice::ReadOwner | QFileDevice::ExeOwner | QFileDevice::ReadGroup | QFileDevice::ExeGroup
                  | QFileDevice::ReadOther | QFileDevice::ExeOther;
    ASSERT_TRUE(QFile::setPermissions(folder, rx));
    ASSERT_TRUE(QFile::setPermissions(m_dir.path(), rx | QFileDevice::WriteOwner));
    QStringList args{QStringLiteral("--catalog"), catalog, QStringLiteral("offers"), QStringLiteral("--gpu"),
                     QStringLiteral("H100"), QStringLiteral("--limit"), QStringLiteral("3")};
    QProcess process;
    process.setProcessEnvironment(m_env);
    if (::geteuid() == 0) {
        // nobody may not reach the build tree (a clone under /root is 0700): run a copy from here.
        const QString cli = m_dir.filePath(QStringLiteral("gpu-planner-cli"));
        ASSERT_TRUE(QFile::copy(QStringLiteral(GPUPLANNER_CLI_PATH), cli));
        ASSERT_TRUE(QFile::setPermissions(cli, rx | QFileDevice::WriteOwner));
        args.prepend(cli);
        args = QStringList{QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"), QStringLiteral("--clear-groups"),
                           QStringLiteral("--")} + args;
        process.start(QStringLiteral("setpriv"), args);
    } else {
        process.start(QStringLiteral(GPUPLANNER_CLI_PATH), args);
    }
    ASSERT_TRUE(process.waitForFinished(60000));
    const QString err = QString::fromUtf8(process.readAllStandardError());
    EXPECT_EQ(process.exitCode(), 0) << err.toStdString();
    EXPECT_TRUE(QString::fromUtf8(process.readAllStandardOutput()).contains(QStringLiteral("H100"))) << err.toStdString();
    EXPECT_EQ(QDir(folder).entryList(QDir::Files).size(), 1) << "nothing written beside the catalog";
    QFile::setPermissions(folder, rx | QFileDevice::WriteOwner);
}
