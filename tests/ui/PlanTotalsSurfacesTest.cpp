// Issue 28 #1: a plan's totals are one computation (core::planTotals), and every surface states
// the same figures: the Plan tab's summary and details pane, the Timeline's notes, the CLI's
// table, JSON and CSV, the CLI timeline, and the PDF's cover. Each example scenario is planned in
// the desktop and by the CLI over the same seed catalog; each figure is looked for, formatted as
// people read it, on every surface.

#include "CliProcess.h"
#include "PlanTestSupport.h"
#include "../report/ReportTestSupport.h"

#include "core/cost/Money.h"
#include "core/plan/PlanTotals.h"
#include "ui/scenario/ScenarioDocument.h"
#include "ui/timeline/TimelinePanel.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QTextDocument>

#include <gtest/gtest.h>

#include <cmath>

using namespace gpuplanner;

namespace {

// Rich text as a person reads it, with runs of white space (line breaks in a PDF) as one space.
QString readable(const QString &text)
{
    QString plain = text;
    if (Qt::mightBeRichText(text)) {
        QTextDocument doc;
        doc.setHtml(text);
        plain = doc.toPlainText();
    }
    return plain.simplified();
}

tests::CliRun cli(const QStringList &args)
{
    QStringList all = args;
    all << QStringLiteral("--catalog") << tests::seedCatalogPath();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    return tests::runCli(all, env);
}

// The PDF as `gpu-planner-report` writes it; the text of its cover (page 1).
QString pdfCover(const QString &scenario, const QString &pdf)
{
    QProcess report;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    report.setProcessEnvironment(env);
    report.start(QStringLiteral(GPUPLANNER_REPORT_PATH), {QStringLiteral("report"), scenario, QStringLiteral("-o"), pdf,
                                                          QStringLiteral("--catalog"), tests::seedCatalogPath()});
    EXPECT_TRUE(report.waitForFinished(120000));
    EXPECT_EQ(report.exitCode(), 0) << report.readAllStandardError().toStdString();
    const tests::ToolRun text =
        tests::runTool(QStringLiteral("pdftotext"), {QStringLiteral("-l"), QStringLiteral("1"), pdf, QStringLiteral("-")});
    return tests::plainText(text.out).simplified();
}

} // namespace

TEST(PlanTotals, EveryExampleStatesTheSameTotalsOnEverySurface)
{
    auto window = tests::plannedWindow();
    ASSERT_TRUE(window);
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    auto *summary = window->findChild<QLabel *>(QStringLiteral("planSummary"));
    auto *details = window->findChild<QTextBrowser *>(QStringLiteral("optionDetails"));
    auto *timelineNotes = window->findChild<QLabel *>(QStringLiteral("timelineNotes"));
    ASSERT_TRUE(summary && details && timelineNotes);

    const QStringList examples = {QStringLiteral("bert-base-finetune"),       QStringLiteral("mobilenet-t4"),
                                  QStringLiteral("llama-7b-pretrain"),        QStringLiteral("llama-70b-serving"),
                                  QStringLiteral("spot-distributed-training"), QStringLiteral("measured-throughput")};
    int projects = 0;
    for (const QString &name : examples) {
        SCOPED_TRACE(name.toStdString());
        const quint64 before = tests::planGeneration(*window);
        QString error;
        ASSERT_TRUE(window->document()->open(QStringLiteral(":/scenarios/%1.json").arg(name), &error))
            << error.toStdString();
        ASSERT_TRUE(tests::waitForPlan(*window, before));
        const ui::PlanSnapshot &s = *window->planRunner()->latest();
        ASSERT_TRUE(s.error.isEmpty()) << s.error.toStdString();
        const core::PlanTotals &t = s.totals;
        ASSERT_TRUE(t.recommended);
        const QString currency = t.currency;
        auto money = [&](double v) { return core::formatMoney(v, currency); };
        const QString mainRun = money(t.recommended->cost);
        const QString mainRunP90 = money(t.recommended->costP90);
        QStringList projectFigures;
        if (t.project) {
            ++projects;
            projectFigures << money(t.project->allOnDemand);
            if (t.project->strategyDiffers())
                projectFigures << money(t.project->withRecommendation);
        }

        // The desktop: the Plan tab's summary names the main run's and the project's figures, the
        // details pane (on the recommendation) its cost, the Timeline all of them.
        const QString summaryText = readable(summary->text());
        EXPECT_TRUE(summaryText.contains(mainRun)) << summaryText.toStdString();
        for (const QString &figure : projectFigures)
            EXPECT_TRUE(summaryText.contains(figure)) << figure.toStdString() << " in " << summaryText.toStdString();
        const QString detailsText = readable(details->toHtml());
        EXPECT_TRUE(detailsText.contains(mainRun)) << detailsText.toStdString();
        EXPECT_TRUE(detailsText.contains(mainRunP90)) << detailsText.toStdString();
        if (t.project) {
            // As a person reads them: on the Timeline tab, which shows the plan once it is opened.
            window->tabs()->setCurrentWidget(window->timeline());
            tests::settleEvents();
            const QString notes = readable(timelineNotes->text());
            window->tabs()->setCurrentIndex(0);
            for (const QString &figure : QStringList{mainRun, mainRunP90} + projectFigures)
                EXPECT_TRUE(notes.contains(figure)) << figure.toStdString() << " in " << notes.toStdString();
        }

        // The CLI: JSON totals equal the desktop's to the cent, and the table and the timeline say them.
        const QString scenario = QStringLiteral(GPUPLANNER_SOURCE_DIR "/resources/scenarios/%1.json").arg(name);
        const tests::CliRun json = cli({QStringLiteral("plan"), scenario, QStringLiteral("--format"), QStringLiteral("json")});
        ASSERT_EQ(json.code, 0) << json.err.toStdString();
        const QJsonObject root = QJsonDocument::fromJson(json.out.toUtf8()).object();
        const QJsonObject totals = root.value(QStringLiteral("totals")).toObject();
        EXPECT_NEAR(totals[QStringLiteral("main_run")][QStringLiteral("cost")].toDouble(), t.recommended->cost, 0.005);
        EXPECT_NEAR(totals[QStringLiteral("main_run")][QStringLiteral("cost_p90")].toDouble(), t.recommended->costP90, 0.005);
        EXPECT_NEAR(root[QStringLiteral("recommendation")][QStringLiteral("cost")].toDouble(), t.recommended->cost, 0.005);
        EXPECT_EQ(totals.contains(QStringLiteral("project")), t.project.has_value());
        if (t.project) {
            const QJsonObject project = totals[QStringLiteral("project")].toObject();
            EXPECT_NEAR(project[QStringLiteral("all_on_demand")].toDouble(), t.project->allOnDemand, 0.005);
            EXPECT_EQ(project[QStringLiteral("phases")].toInt(), t.project->phases);
            if (!t.project->strategyId.isEmpty()) {
                EXPECT_NEAR(project[QStringLiteral("with_recommendation")].toDouble(), t.project->withRecommendation, 0.005);
            }
        }
        const tests::CliRun table = cli({QStringLiteral("plan"), scenario});
        ASSERT_EQ(table.code, 0) << table.err.toStdString();
        for (const QString &figure : QStringList{mainRun, mainRunP90} + projectFigures)
            EXPECT_TRUE(table.out.simplified().contains(figure)) << figure.toStdString() << " in the CLI table";
        const tests::CliRun csv = cli({QStringLiteral("plan"), scenario, QStringLiteral("--format"), QStringLiteral("csv"),
                                    QStringLiteral("--top"), QStringLiteral("0")});
        ASSERT_EQ(csv.code, 0) << csv.err.toStdString();
        const QStringList header = csv.out.section(u'\n', 0, 0).split(u',');
        const auto costColumn = header.indexOf(QStringLiteral("cost"));
        ASSERT_GE(costColumn, 0);
        bool inCsv = false; // the recommendation's row, wherever the scenario's sort puts it
        for (const QString &row : csv.out.split(u'\n').mid(1))
            inCsv = inCsv || std::abs(row.split(u',').value(costColumn).toDouble() - t.recommended->cost) < 0.005;
        EXPECT_TRUE(inCsv) << "no CSV row costs " << mainRun.toStdString();
        if (t.project) {
            const tests::CliRun timeline = cli({QStringLiteral("timeline"), scenario});
            ASSERT_EQ(timeline.code, 0) << timeline.err.toStdString();
            for (const QString &figure : QStringList{mainRun} + projectFigures)
                EXPECT_TRUE(timeline.out.simplified().contains(figure)) << figure.toStdString() << " in the CLI timeline";
        }

        // The PDF's cover states the same figures.
        const QString cover = pdfCover(scenario, dir.filePath(name + QStringLiteral(".pdf")));
        for (const QString &figure : QStringList{mainRun, mainRunP90} + projectFigures)
            EXPECT_TRUE(cover.contains(figure)) << figure.toStdString() << " on the cover: " << cover.toStdString();
    }
    EXPECT_GE(projects, 3) << "most examples have project phases";
}
