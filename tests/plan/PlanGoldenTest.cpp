// The plans of the shipped examples, byte for byte: every option of `plan --format json --top 0`
// (ranking, totals, chances, reasons) hashed and held against tests/data/plan-golden/digests.txt.
// A speed-up must leave every answer as it was; a deliberate change of an answer regenerates the
// digests (the test writes the new file to the artifacts folder and says so) and says why in its
// commit. The one sentence that depends on today's date (a price over six months old) is left
// out of the hash, so the digests do not expire.

#include "CliProcess.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTextStream>

#include <gtest/gtest.h>

namespace {

using gpuplanner::tests::CliRun;

struct GoldenPlan
{
    QString scenario;
    QString sort;
};

// Every example by its own ranking, and the two largest plans by every ranking.
const QList<GoldenPlan> &goldenPlans()
{
    static const QList<GoldenPlan> plans = [] {
        QList<GoldenPlan> list;
        for (const char *s : {"bert-base-finetune", "llama-70b-serving", "llama-7b-pretrain", "measured-throughput",
                              "mobilenet-t4", "spot-distributed-training"})
            list.append({QLatin1String(s), QStringLiteral("cost")});
        for (const char *s : {"bert-base-finetune", "llama-7b-pretrain"}) {
            list.append({QLatin1String(s), QStringLiteral("time")});
            list.append({QLatin1String(s), QStringLiteral("risk")});
        }
        return list;
    }();
    return plans;
}

QString digestLine(const GoldenPlan &p, const QByteArray &json)
{
    QString text = QString::fromUtf8(json);
    static const QRegularExpression stale(
        QStringLiteral(" ?Price observed [^,\"]+, over 6 months ago: refresh the catalog or check the provider's page\\."
                       "( A comparable offer has a fresher price: [^\"]*?\\(observed \\d{4}-\\d{2}-\\d{2}\\)\\.)?"));
    text.remove(stale);
    const QJsonObject doc = QJsonDocument::fromJson(json).object();
    const QJsonObject rec = doc.value(QStringLiteral("recommendation")).toObject();
    return QStringLiteral("%1 %2 %3 options=%4 recommended=%5/%6/%7/%8")
        .arg(p.scenario, p.sort,
             QString::fromLatin1(QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256).toHex()))
        .arg(doc.value(QStringLiteral("options")).toArray().size())
        .arg(rec.value(QStringLiteral("provider")).toString(), rec.value(QStringLiteral("instance_type")).toString(),
             rec.value(QStringLiteral("region")).toString(), rec.value(QStringLiteral("billing")).toString());
}

QStringList readDigests()
{
    QFile f(QStringLiteral(GPUPLANNER_SOURCE_DIR "/tests/data/plan-golden/digests.txt"));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QStringList lines;
    for (const QString &line : QString::fromUtf8(f.readAll()).split(u'\n')) {
        if (!line.isEmpty() && !line.startsWith(u'#'))
            lines.append(line);
    }
    return lines;
}

} // namespace

TEST(PlanGolden, EveryExamplePlanIsByteIdenticalToTheRecordedOne)
{
    QTemporaryDir home;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_DATA_HOME"), home.path());
    QStringList actual;
    for (const GoldenPlan &p : goldenPlans()) {
        const CliRun r = gpuplanner::tests::runCli(
            {QStringLiteral("--catalog"), QStringLiteral(GPUPLANNER_DEFAULT_CATALOG), QStringLiteral("plan"),
             QStringLiteral(GPUPLANNER_SOURCE_DIR "/resources/scenarios/") + p.scenario + QStringLiteral(".json"),
             QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("--top"), QStringLiteral("0"),
             QStringLiteral("--sort"), p.sort},
            env);
        ASSERT_EQ(r.code, 0) << p.scenario.toStdString() << ": " << r.err.toStdString();
        actual.append(digestLine(p, r.out.toUtf8()));
    }
    const QStringList expected = readDigests();
    if (actual != expected) {
        const QString out = QStringLiteral(GPUPLANNER_ARTIFACT_DIR "/plan-golden-digests.txt");
        QDir().mkpath(QStringLiteral(GPUPLANNER_ARTIFACT_DIR));
        QFile f(out);
        if (f.open(QIODevice::WriteOnly))
            f.write((QStringLiteral("# scenario sort sha256 of plan --format json --top 0 (stale-price sentence left out)\n")
                     + actual.join(u'\n') + u'\n')
                        .toUtf8());
        ADD_FAILURE() << "the example plans changed; if that is intended, copy " << out.toStdString()
                      << " to tests/data/plan-golden/digests.txt and say why in the commit";
    }
    ASSERT_EQ(actual.size(), expected.size());
    for (qsizetype i = 0; i < actual.size(); ++i)
        EXPECT_EQ(actual.at(i).toStdString(), expected.at(i).toStdString());
}
