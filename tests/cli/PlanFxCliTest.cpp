// gpu-planner-cli plan in another display currency: the exchange rate comes from the catalog's
// stored rates (as the ECB refresh writes them), and a currency without one is a clear error.

#include "db/CatalogFile.h"
#include "db/SeedCatalog.h"

#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include "CliProcess.h"

#include <gtest/gtest.h>

namespace {

using gpuplanner::tests::CliRun;

class PlanFxCli : public ::testing::Test
{
protected:
    void SetUp() override
    {
        ASSERT_TRUE(m_dir.isValid());
        m_catalog = gpuplanner::tests::copySeedCatalog(m_dir.path());
    }

    CliRun plan(const QString &displayCurrency)
    {
        const QString path = m_dir.filePath(displayCurrency + QStringLiteral(".json"));
        QFile f(path);
        EXPECT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QStringLiteral(R"({"format": "gpu-planner-scenario", "version": 1, "display_currency": "%1",
            "workload": {"task": "finetune", "model": "bert-base", "seq_len": 128, "tokens": "51M", "epochs": 3,
                         "batch": 32, "precision": "bf16"},
            "constraints": {"max_gpus": 8, "billing": ["on_demand"]}})")
                    .arg(displayCurrency)
                    .toUtf8());
        f.close();
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.path());
        return gpuplanner::tests::runCli({QStringLiteral("--catalog"), m_catalog, QStringLiteral("plan"), path,
                                          QStringLiteral("--top"), QStringLiteral("10"), QStringLiteral("--format"),
                                          QStringLiteral("json")},
                                         env);
    }

    void storeRate(const char *currency, double perUsd, const char *date)
    {
        auto db = gpuplanner::db::openCatalogFile(m_catalog, gpuplanner::db::OpenMode::ReadWrite);
        ASSERT_TRUE(db.ok()) << db.errorMessage().toStdString();
        auto stmt = db.value()->prepare(
            QStringLiteral("INSERT INTO fx_rates (currency, rate, date, source) VALUES (?, ?, ?, 'ECB test')"));
        ASSERT_TRUE(stmt.ok()) << stmt.errorMessage().toStdString();
        stmt.value().bind(1, QString::fromLatin1(currency)).bind(2, perUsd).bind(3, QString::fromLatin1(date));
        const auto done = stmt.value().exec();
        ASSERT_TRUE(done.ok()) << done.errorMessage().toStdString();
    }

    // Cost of each option by provider/instance/region/billing.
    static QHash<QString, double> costs(const CliRun &r, const QString &currency)
    {
        QHash<QString, double> out;
        const QJsonObject doc = QJsonDocument::fromJson(r.out.toUtf8()).object();
        for (const QJsonValue &v : doc.value(QStringLiteral("options")).toArray()) {
            const QJsonObject o = v.toObject();
            EXPECT_EQ(o.value(QStringLiteral("currency")).toString(), currency);
            const QString key = QStringList{o.value(QStringLiteral("provider")).toString(),
                                            o.value(QStringLiteral("instance_type")).toString(),
                                            o.value(QStringLiteral("region")).toString(),
                                            o.value(QStringLiteral("billing")).toString()}
                                    .join(u'/');
            out.insert(key, o.value(QStringLiteral("cost")).toDouble());
        }
        return out;
    }

    QTemporaryDir m_dir;
    QString m_catalog;
};

} // namespace

TEST_F(PlanFxCli, ADisplayCurrencyWithoutARateIsNamedWithTheFix)
{
    const CliRun r = plan(QStringLiteral("XTS")); // ISO 4217 test code: no catalog prices in it or rates for it
    EXPECT_EQ(r.code, 2) << r.out.toStdString();
    EXPECT_TRUE(r.err.contains(QStringLiteral("display_currency: \"XTS\" has no FX rate"))) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains(QStringLiteral("assumptions.fx"))) << r.err.toStdString();
    EXPECT_TRUE(r.err.contains(QStringLiteral("refresh"))) << r.err.toStdString();
}

TEST_F(PlanFxCli, PlansInEurWithTheRateStoredInTheCatalog)
{
    const CliRun usd = plan(QStringLiteral("USD"));
    ASSERT_EQ(usd.code, 0) << usd.err.toStdString();
    storeRate("EUR", 0.8, "2026-11-20");
    storeRate("EUR", 0.5, "2026-11-27"); // the newest rate is the one used
    const CliRun eur = plan(QStringLiteral("EUR"));
    ASSERT_EQ(eur.code, 0) << eur.err.toStdString();

    const QHash<QString, double> inUsd = costs(usd, QStringLiteral("USD"));
    const QHash<QString, double> inEur = costs(eur, QStringLiteral("EUR"));
    int compared = 0;
    for (auto it = inEur.begin(); it != inEur.end(); ++it) {
        if (!inUsd.contains(it.key()))
            continue;
        EXPECT_NEAR(it.value(), inUsd.value(it.key()) * 0.5, 1e-6 * inUsd.value(it.key())) << it.key().toStdString();
        ++compared;
    }
    EXPECT_GE(compared, 5);
}
