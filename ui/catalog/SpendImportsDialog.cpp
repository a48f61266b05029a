#include "ui/catalog/SpendImportsDialog.h"

#include "ui/catalog/RealityModels.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>

#include <map>

namespace gpuplanner::ui {

namespace {

// What the readers take: CSV exports, JSON API responses and NDJSON (BigQuery) exports.
const QStringList kBillingSuffixes{QStringLiteral("csv"), QStringLiteral("tsv"), QStringLiteral("txt"),
                                   QStringLiteral("json"), QStringLiteral("ndjson"), QStringLiteral("jsonl")};

struct FileResult
{
    QString path;
    QString error;
    core::SpendImportSummary summary;
};

struct Outcome
{
    QList<core::SpendImportInfo> list;
    QString listError;
    QList<FileResult> files;
    QString removeError;
    bool changed = false;
};

Outcome runJob(const core::RealityStoreFactory &stores, const QStringList &paths, const QString &formatId,
               const QString &project, qint64 removeId, const core::actuals::ReadProgress &progress)
{
    Outcome out;
    auto store = stores ? stores() : core::Result<std::unique_ptr<core::RealityStore>>(core::Error{
                                         SpendImportsDialog::tr("no catalog is open")});
    if (!store) {
        out.listError = store.errorMessage();
        for (const QString &path : paths)
            out.files.append({path, store.errorMessage(), {}});
        return out;
    }
    core::RealityStore &s = *store.value();
    if (removeId > 0) {
        if (auto removed = s.removeSpendImport(removeId); !removed)
            out.removeError = removed.errorMessage();
        else
            out.changed = true;
    }
    const core::actuals::BillingFormat format =
        core::actuals::billingFormatFromId(formatId).value_or(core::actuals::BillingFormat::Auto);
    for (const QString &path : paths) {
        FileResult r{path, {}, {}};
        core::SpendImportOptions options;
        options.progress = progress;
        if (auto summary = s.importSpendFile(path, QFileInfo(path).fileName(), format, project, options); !summary) {
            r.error = summary.errorMessage();
        } else {
            r.summary = std::move(summary).value();
            out.changed = out.changed || !r.summary.duplicate;
        }
        out.files.append(r);
    }
    auto list = s.spendImports();
    if (!list)
        out.listError = list.errorMessage();
    else
        out.list = std::move(list).value();
    return out;
}

QString chargeWord(core::actuals::ChargeKind kind)
{
    using core::actuals::ChargeKind;
    switch (kind) {
    case ChargeKind::Usage: return SpendImportsDialog::tr("usage");
    case ChargeKind::Commitment: return SpendImportsDialog::tr("commitments");
    case ChargeKind::Credit: return SpendImportsDialog::tr("credits");
    case ChargeKind::Refund: return SpendImportsDialog::tr("refunds");
    case ChargeKind::Tax: return SpendImportsDialog::tr("tax");
    case ChargeKind::Payment: return SpendImportsDialog::tr("vouchers and promotional credits");
    case ChargeKind::Other: return SpendImportsDialog::tr("other");
    }
    return {};
}

QString summaryText(const QString &path, const QString &project, const core::SpendImportSummary &o)
{
    const QString file = QFileInfo(path).fileName();
    if (o.duplicate)
        return SpendImportsDialog::tr("%1: already imported (import %2): counted once, nothing changed.")
            .arg(file)
            .arg(o.importId);
    QStringList lines;
    const QString format = billingFormatName(core::actuals::billingFormatId(o.format));
    const QString periods = o.periods.join(QStringLiteral(", "));
    lines.append(project.isEmpty()
                     ? SpendImportsDialog::tr("Imported %1 as %2 (import %3): %4 lines, periods %5.")
                           .arg(file, format)
                           .arg(o.importId)
                           .arg(o.lines)
                           .arg(periods)
                     : SpendImportsDialog::tr("Imported %1 as %2 (import %3): %4 lines, periods %5, project %6.")
                           .arg(file, format)
                           .arg(o.importId)
                           .arg(o.lines)
                           .arg(periods, project));
    // Line for line, per earlier import and period, with how to put them back. One pass of arg()
    // each, so a file name with a % in it stays as it is.
    for (const core::SpendReplacement &r : o.replaced) {
        const QString earlier = QString::number(r.importId);
        const QString undo = QString::number(o.importId);
        lines.append(r.lines == 1
                         ? SpendImportsDialog::tr("Replaced 1 line of import %1 (%2) in %3; removing import %4 puts it back.")
                               .arg(earlier, r.sourceFile, r.period, undo)
                         : SpendImportsDialog::tr("Replaced %1 lines of import %2 (%3) in %4; removing import %5 puts "
                                                  "them back.")
                               .arg(QString::number(r.lines), earlier, r.sourceFile, r.period, undo));
    }
    // Totals per kind and currency, to the cent.
    std::map<std::pair<int, QString>, qint64> totals;
    for (const auto &[key, micros] : o.totals)
        totals[{int(key.first), key.second}] += micros;
    QStringList parts;
    for (const auto &[key, micros] : totals)
        parts.append(SpendImportsDialog::tr("%1 %2 %3")
                         .arg(chargeWord(core::actuals::ChargeKind(key.first)), key.second,
                              QLocale().toString(double(micros) / 1e6, 'f', 2)));
    if (!parts.isEmpty())
        lines.append(SpendImportsDialog::tr("Totals: %1.").arg(parts.join(QStringLiteral("; "))));
    for (const QString &n : o.notes)
        lines.append(SpendImportsDialog::tr("Note: %1").arg(n));
    return lines.join(u'\n');
}

} // namespace

SpendImportsDialog::SpendImportsDialog(core::RealityStoreFactory stores, QWidget *parent)
    : ImportListDialog({.suffixes = kBillingSuffixes,
                        .chooserTitle = tr("Import billing exports"),
                        .chooserFilter = tr("Billing exports (*.csv *.tsv *.txt *.json *.ndjson *.jsonl);;All files (*)"),
                        .importText = tr("&Import…"),
                        .importTip = tr("Import billing export files"),
                        .removeText = tr("Re&move"),
                        .removeTip = tr("Remove the selected import (Delete)"),
                        .viewName = tr("Billing imports"),
                        .workingName = tr("Working"),
                        .importing = tr("Importing %1…"),
                        .importingFiles = tr("Importing %1 files…"),
                        .errorObjectName = QStringLiteral("spendImportsError")},
                       parent),
      m_stores(std::move(stores)), m_model(new SpendImportsModel(this)), m_format(new QComboBox(this)),
      m_project(new QLineEdit(this)), m_analyse(new QPushButton(tr("&What we ran…"), this))
{
    setWindowTitle(tr("Actual spend"));
    setObjectName(QStringLiteral("spendImportsDialog"));

    for (const QString &id : core::actuals::billingFormatIds())
        m_format->addItem(billingFormatName(id), id);
    m_format->setCurrentIndex(m_format->findData(QStringLiteral("auto")));
    m_format->setToolTip(tr("The export's format; detected from its columns unless you pick one."));
    m_project->setPlaceholderText(tr("each line's own project tag"));
    m_project->setToolTip(tr("The project the spend belongs to; empty files each line under its own project tag."));
    m_project->setClearButtonEnabled(true);
    auto *options = new QFormLayout;
    options->addRow(tr("&Format:"), m_format);
    options->addRow(tr("&Project:"), m_project);
    m_analyse->setObjectName(QStringLiteral("billAnalyseButton"));
    m_analyse->setToolTip(tr("Read a billing file as GPU usage per month, priced again on-demand, on spot, under the "
                             "commitments the provider sells and at other providers (nothing is imported)."));
    options->addRow(QString(), m_analyse);
    connect(m_analyse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("What we ran: choose a billing export"), QString(),
                                                          tr("Billing exports (*.csv *.tsv *.txt *.json *.ndjson *.jsonl)"));
        if (!path.isEmpty())
            Q_EMIT analyseRequested(path);
    });

    arrange(m_model,
            tr("Billing exports from your providers (AWS CUR, Azure cost details, Google Cloud, FOCUS, "
               "Alibaba, Tencent, Huawei or a simple CSV). The timeline sets what was spent against the "
               "plan. Import a file or drop it here; a file imported twice counts once, and a line imported "
               "again (a corrected or restated bill) replaces its earlier copy until you remove the "
               "import that replaced it."),
            options, nullptr);
    connect(this, &ImportListDialog::contentsChanged, this, &SpendImportsDialog::spendChanged);
    reload();
}

void SpendImportsDialog::setProject(const QString &project)
{
    m_project->setText(project);
}

void SpendImportsDialog::reload()
{
    start(Kind::List, {}, work({}, {}, {}, 0));
}

void SpendImportsDialog::importFiles(const QStringList &paths)
{
    if (!paths.isEmpty())
        start(Kind::Import, importingText(paths),
              work(paths, m_format->currentData().toString(), m_project->text().trimmed(), 0));
}

ImportListDialog::Removal SpendImportsDialog::removal(int row)
{
    const core::SpendImportInfo i = m_model->imports().at(row);
    return {tr("Remove billing import"),
            tr("Remove billing import %1 (%2: %3 lines, periods %4)?")
                .arg(i.id)
                .arg(i.sourceFile)
                .arg(i.lines)
                .arg(i.periods.join(QStringLiteral(", "))),
            tr("Its spend leaves the timeline's actuals; the file itself is not touched."),
            tr("Removing billing import %1…").arg(i.id), work({}, {}, {}, i.id)};
}

ImportListDialog::Work SpendImportsDialog::work(const QStringList &paths, const QString &format,
                                                const QString &project, qint64 removeId)
{
    return [this, stores = m_stores, paths, format, project, removeId, progress = progressReporter()]() -> Present {
        return [this, removeId, project, out = runJob(stores, paths, format, project, removeId, progress)] {
            if (out.listError.isEmpty())
                m_model->setImports(out.list);
            Report report;
            QStringList done;
            for (const FileResult &f : out.files) {
                if (!f.error.isEmpty()) {
                    report.errors.append(tr("Not imported: %1").arg(f.error));
                    report.ok = false;
                } else {
                    done.append(summaryText(f.path, project, f.summary));
                }
            }
            if (!out.removeError.isEmpty())
                report.errors.append(tr("Not removed: %1").arg(out.removeError));
            else if (removeId > 0)
                done.append(tr("Billing import removed."));
            if (!out.listError.isEmpty() && out.files.isEmpty())
                report.errors.append(tr("The billing imports cannot be read: %1").arg(out.listError));
            report.message = done.join(QStringLiteral("\n\n"));
            report.changed = out.changed;
            if (removeId > 0)
                report.ok = out.removeError.isEmpty();
            return report;
        };
    };
}

} // namespace gpuplanner::ui
