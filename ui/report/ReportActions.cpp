#include "ui/report/ReportActions.h"

#include "ui/report/BenchmarkReport.h"
#include "ui/report/ReportExport.h"
#include "ui/report/ReportOptionsDialog.h"
#include "ui/report/ReportWriter.h"
#include "ui/settings/Settings.h"
#include "ui/StandardKeys.h"

#include <QAction>
#include <QCoreApplication>
#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QFileDialog>
#include <QMessageBox>
#include <QObject>
#include <QPrintDialog>
#include <QPrintPreviewDialog>
#include <QPrinter>
#include <QPushButton>
#include <QSettings>
#include <QUrl>

namespace gpuplanner::ui {

namespace {

// Who the cover names as the report's author; empty = the login name.
const SettingKey<QString> kReportAuthor{"report/author", QString()};

// Translation context of the menu entries and dialogs.
class ReportMenu
{
    Q_DECLARE_TR_FUNCTIONS(gpuplanner::ui::ReportMenu)
};

std::optional<ReportInput> currentInput(QWidget *parent, const ReportInputProvider &provider)
{
    auto input = provider ? provider() : std::nullopt;
    if (!input || !input->planner)
        QMessageBox::information(parent, ReportMenu::tr("Report"), ReportMenu::tr("Plan a scenario first."));
    return input;
}

void showError(QWidget *parent, const QString &message)
{
    QMessageBox::warning(parent, ReportMenu::tr("Report"), message);
}

// The report sheet (language, paper, options listed, author); nullopt when cancelled.
std::optional<ReportOptions> askOptions(QWidget *parent, const ReportInput &input, QSettings *settings,
                                        const QString &action)
{
    ReportOptionsDialog dialog(defaultReportOptions(settings), input.planner->result().usable, action, parent);
    if (dialog.exec() != QDialog::Accepted)
        return std::nullopt;
    const ReportOptions options = dialog.options();
    if (settings)
        settings->setValue(kReportAuthor.key(), options.author);
    return options;
}

void showSaved(QWidget *parent, const QString &path)
{
    QMessageBox box(QMessageBox::Information, ReportMenu::tr("Report saved"),
                    ReportMenu::tr("The report is saved as %1.").arg(QDir::toNativeSeparators(path)), QMessageBox::NoButton,
                    parent);
    box.setObjectName(QStringLiteral("reportSavedBox"));
    QPushButton *open = box.addButton(ReportMenu::tr("&Open"), QMessageBox::AcceptRole);
    QPushButton *folder = box.addButton(ReportMenu::tr("Show in &folder"), QMessageBox::ActionRole);
    box.addButton(QMessageBox::Close);
    box.setDefaultButton(open);
    box.exec();
    if (box.clickedButton() == open)
        QDesktopServices::openUrl(QUrl::fromLocalFile(path));
    else if (box.clickedButton() == folder)
        QDesktopServices::openUrl(QUrl::fromLocalFile(QFileInfo(path).absolutePath()));
}

void exportReport(QWidget *parent, const ReportInputProvider &provider, QSettings *settings)
{
    auto input = currentInput(parent, provider);
    if (!input)
        return;
    const auto options = askOptions(parent, *input, settings, ReportMenu::tr("Export\u2026"));
    if (!options)
        return;
    const QString path = QFileDialog::getSaveFileName(parent, ReportMenu::tr("Export report"),
                                                      input->scenario.name + QStringLiteral(".pdf"),
                                                      ReportMenu::tr("PDF documents (*.pdf)"));
    if (path.isEmpty())
        return;
    ReportWriter writer(std::move(*input), *options);
    if (auto ok = writer.writePdf(path); !ok) {
        showError(parent, ok.errorMessage());
        return;
    }
    showSaved(parent, path);
}

void printReport(QWidget *parent, const ReportInputProvider &provider, QSettings *settings, bool preview)
{
    auto input = currentInput(parent, provider);
    if (!input)
        return;
    const auto chosen = askOptions(parent, *input, settings,
                                   preview ? ReportMenu::tr("Preview\u2026") : ReportMenu::tr("&Print\u2026"));
    if (!chosen)
        return;
    const ReportOptions options = *chosen;
    QPrinter printer(QPrinter::HighResolution);
    printer.setPageLayout(ReportWriter::pageLayout(options.pageSize));
    printer.setDocName(input->scenario.name);
    ReportWriter writer(std::move(*input), options);
    auto paint = [&](QPrinter *target) {
        if (auto ok = writer.print(target); !ok)
            showError(parent, ok.errorMessage());
    };
    if (preview) {
        QPrintPreviewDialog dialog(&printer, parent);
        dialog.setWindowTitle(ReportMenu::tr("Report preview"));
        QObject::connect(&dialog, &QPrintPreviewDialog::paintRequested, &dialog, paint);
        dialog.exec();
        return;
    }
    QPrintDialog dialog(&printer, parent);
    if (dialog.exec() == QDialog::Accepted)
        paint(&printer);
}

// Probe results over the current plan's catalog and workload, saved as the benchmark PDF.
void benchmarkReport(QWidget *parent, const ReportInputProvider &provider, QSettings *settings)
{
    auto plan = currentInput(parent, provider);
    if (!plan || !plan->planner)
        return;
    const QStringList files = QFileDialog::getOpenFileNames(parent, ReportMenu::tr("Benchmark results"), QString(),
                                                            ReportMenu::tr("Probe results (*.json)"));
    if (files.isEmpty())
        return;
    auto input = benchmarkReportInput(files, *plan);
    if (!input) {
        showError(parent, input.errorMessage());
        return;
    }
    const QString path = QFileDialog::getSaveFileName(parent, ReportMenu::tr("Save benchmark report"),
                                                      QStringLiteral("benchmark.pdf"), ReportMenu::tr("PDF documents (*.pdf)"));
    if (path.isEmpty())
        return;
    ReportWriter writer(std::move(input).value(), defaultReportOptions(settings));
    if (auto ok = writer.writePdf(path); !ok) {
        showError(parent, ok.errorMessage());
        return;
    }
    showSaved(parent, path);
}

void exportData(QWidget *parent, const ReportInputProvider &provider, bool timeline)
{
    auto input = currentInput(parent, provider);
    if (!input)
        return;
    QString filter;
    const QString path = QFileDialog::getSaveFileName(
        parent, timeline ? ReportMenu::tr("Export timeline") : ReportMenu::tr("Export comparison"),
        input->scenario.name + (timeline ? QStringLiteral("-timeline.csv") : QStringLiteral("-comparison.csv")),
        ReportMenu::tr("CSV files (*.csv);;JSON files (*.json)"), &filter);
    if (path.isEmpty())
        return;
    const ExportFormat format = ReportExport::formatForPath(path);
    const core::Status ok = timeline ? ReportExport::writeTimeline(*input, format, path)
                                     : ReportExport::writeComparison(*input, 0, format, path);
    if (!ok)
        showError(parent, ok.errorMessage());
}

} // namespace

ReportOptions defaultReportOptions(const QSettings *settings)
{
    ReportOptions options;
    QString author = settings ? kReportAuthor.read(*settings) : QString();
    if (author.isEmpty())
        author = qEnvironmentVariable("USER", qEnvironmentVariable("USERNAME"));
    options.author = author;
    // The interface's language (installTranslations sets the default locale to it).
    options.language = QLocale().language() == QLocale::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
    const QLocale system = QLocale::system();
    const bool letter = system.territory() == QLocale::UnitedStates || system.territory() == QLocale::Canada;
    options.pageSize = letter ? QPageSize::Letter : QPageSize::A4;
    return options;
}

QList<QAction *> createReportActions(QWidget *parent, ReportInputProvider provider, QSettings *settings)
{
    QList<QAction *> actions;
    auto add = [&](const QString &text, auto handler) {
        auto *action = new QAction(text, parent);
        QObject::connect(action, &QAction::triggered, parent,
                         [parent, provider, settings, handler] { handler(parent, provider, settings); });
        actions << action;
    };
    add(ReportMenu::tr("&Export report\u2026"),
        [](QWidget *p, const ReportInputProvider &r, QSettings *s) { exportReport(p, r, s); });
    actions.constLast()->setObjectName(QStringLiteral("exportReportAction"));
    actions.constLast()->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    add(ReportMenu::tr("Print pre&view\u2026"),
        [](QWidget *p, const ReportInputProvider &r, QSettings *s) { printReport(p, r, s, true); });
    add(ReportMenu::tr("&Print\u2026"),
        [](QWidget *p, const ReportInputProvider &r, QSettings *s) { printReport(p, r, s, false); });
    actions.constLast()->setShortcut(standardKey(QKeySequence::Print, QKeySequence(Qt::CTRL | Qt::Key_P)));
    add(ReportMenu::tr("&Benchmark report\u2026"),
        [](QWidget *p, const ReportInputProvider &r, QSettings *s) { benchmarkReport(p, r, s); });
    actions.constLast()->setObjectName(QStringLiteral("benchmarkReportAction"));
    add(ReportMenu::tr("Export &comparison (CSV/JSON)\u2026"),
        [](QWidget *p, const ReportInputProvider &r, QSettings *) { exportData(p, r, false); });
    add(ReportMenu::tr("Export &timeline (CSV/JSON)\u2026"),
        [](QWidget *p, const ReportInputProvider &r, QSettings *) { exportData(p, r, true); });
    return actions;
}

} // namespace gpuplanner::ui
