#include "ui/scenario/StackField.h"

#include "core/estimate/CampaignTerms.h"
#include "ui/ThemeColors.h"
#include "ui/scenario/ScenarioDocument.h"

#include <QComboBox>
#include <QEvent>
#include <QKeyEvent>
#include <QLineEdit>
#include <QLocale>

#include <cmath>

namespace gpuplanner::ui {

namespace {

// The combo box's id of the measured choice; never written (the value is "mfu=<fraction>").
const QString kMeasuredId = QStringLiteral("mfu");

bool isMeasuredText(const QJsonValue &value)
{
    return value.isString() && value.toString().trimmed().startsWith(QStringLiteral("mfu="), Qt::CaseInsensitive);
}

} // namespace

MeasuredMfuField::MeasuredMfuField(ScenarioDocument *doc, const QString &path, QWidget *parent)
    : Field(doc, path, parent), m_edit(new QLineEdit(this))
{
    m_edit->setPlaceholderText(tr("e.g. 42 %"));
    m_edit->setClearButtonEnabled(true);
    setEditor(m_edit);
    m_session = ScenarioDocument::newEditSession();
    // Written once its typing ends: "1" on the way to "15 %" would plan at 100 %, and "150 %"
    // passes through "15". Typing that makes the text valid again takes its problem away at once.
    connect(m_edit, &QLineEdit::textEdited, this, [this](const QString &text) {
        m_pending = true;
        QString reason;
        if (!m_problem.isEmpty() && parse(text, &reason)) {
            m_problem.clear();
            refresh();
        }
    });
    connect(m_edit, &QLineEdit::editingFinished, this, [this] {
        if (m_pending)
            finishTyping();
    });
    connect(doc, &ScenarioDocument::pendingEditsWanted, this, [this] {
        if (m_pending)
            finishTyping();
    });
    connect(doc, &ScenarioDocument::replaced, this, [this] {
        m_written = QJsonValue(QJsonValue::Null);
        m_pending = false;
        m_problem.clear();
    });
    refresh();
}

void MeasuredMfuField::clear()
{
    m_edit->clear();
    m_pending = false;
    m_problem.clear();
    refresh();
}

std::optional<double> MeasuredMfuField::parse(const QString &text, QString *reason)
{
    const QString typed = text.trimmed();
    if (typed.isEmpty()) {
        *reason = tr("Measured MFU: missing");
        return std::nullopt;
    }
    QString number = typed;
    if (number.startsWith(QStringLiteral("mfu="), Qt::CaseInsensitive)) // as a scenario file writes it
        number = number.mid(4).trimmed();
    bool percent = false;
    if (number.endsWith(u'%') || number.endsWith(QChar(0xFF05))) { // "%" or the full-width "％"
        number.chop(1);
        number = number.trimmed();
        percent = true;
    }
    bool ok = false;
    double v = number.toDouble(&ok); // C locale first, then the user's ("0,42")
    if (!ok)
        v = QLocale().toDouble(number, &ok);
    if (!ok || !std::isfinite(v)) {
        *reason = tr("Measured MFU: not a number");
        return std::nullopt;
    }
    if (percent || v > 1)
        v /= 100.0;
    if (!(v > 0)) {
        *reason = tr("Measured MFU: must be above 0 %");
        return std::nullopt;
    }
    if (v > 1) {
        *reason = tr("Measured MFU: over 100 %");
        return std::nullopt;
    }
    return v;
}

QString MeasuredMfuField::percentText(double mfu)
{
    return tr("%1 %", "a measured MFU in percent").arg(QString::number(mfu * 100.0, 'g', 4));
}

bool MeasuredMfuField::eventFilter(QObject *watched, QEvent *event)
{
    // Each stay of the keyboard in the field is one undo step.
    trackTyping(watched, event, m_edit, m_session, m_pending, [this] { finishTyping(); });
    return Field::eventFilter(watched, event);
}

void MeasuredMfuField::finishTyping()
{
    m_pending = false;
    QString reason;
    const std::optional<double> mfu = parse(m_edit->text(), &reason);
    if (!mfu) {
        m_problem = reason; // the document keeps its value; the typed text stays to be fixed
        refresh();
        return;
    }
    m_problem.clear();
    m_edit->setText(percentText(*mfu)); // "0.42" reads back as the 42 % it was taken for
    m_written = QJsonValue(QStringLiteral("mfu=") + QString::number(*mfu, 'g', 6));
    m_doc->setValue(m_path, m_written, m_session);
    refresh();
}

void MeasuredMfuField::showValue(const QJsonValue &value)
{
    // Typing, or typed text with a problem: the document still holds what was there before.
    if (value == m_written && (m_pending || !m_problem.isEmpty() || m_edit->hasFocus()))
        return;
    m_written = value;
    m_pending = false;
    m_problem.clear();
    if (!isMeasuredText(value)) {
        m_edit->clear();
        return;
    }
    const QString text = value.toString().trimmed();
    core::StackMaturity stack = core::StackMaturity::Default;
    double mfu = 0;
    if (!core::parseStack(text, stack, mfu) || stack != core::StackMaturity::Measured) {
        m_edit->setText(text.mid(4).trimmed()); // as the file has it; the loader's message says what is wrong
        return;
    }
    QString unused;
    const std::optional<double> shown = parse(m_edit->text(), &unused);
    if (!shown || std::abs(*shown - mfu) > 1e-12)
        m_edit->setText(percentText(mfu));
}

void MeasuredMfuField::showInvalid(bool invalid)
{
    if (!m_problem.isEmpty())
        showErrorText(m_problem);
    const QString why = !m_problem.isEmpty() ? m_problem : invalid ? m_doc->error() : QString();
    QPalette p = m_edit->palette();
    p.setColor(QPalette::Base, why.isEmpty() ? palette().color(QPalette::Base) : invalidFieldColor(palette()));
    m_edit->setPalette(p);
    m_edit->setAccessibleDescription(why);
    m_edit->setToolTip(why.isEmpty() ? toolTip() : why);
}

StackField::StackField(ScenarioDocument *doc, const QString &path, const QList<std::pair<QString, QString>> &choices,
                       const QString &measuredText, QWidget *parent)
    : Field(doc, path, parent), m_combo(new QComboBox(this)), m_mfu(nullptr)
{
    for (const auto &[id, text] : choices)
        m_combo->addItem(text, id);
    m_combo->addItem(measuredText, kMeasuredId);
    setEditor(m_combo);
    // Created after the choice, so Tab goes from the choice to the value.
    m_mfu = new MeasuredMfuField(doc, path, parent);
    connect(m_combo, &QComboBox::activated, this, &StackField::choose);
    connect(doc, &ScenarioDocument::replaced, this, [this] { m_shown = QJsonValue(QJsonValue::Null); });
    refresh();
}

void StackField::choose(int index)
{
    const QString id = m_combo->itemData(index).toString();
    if (id == kMeasuredId) {
        // Nothing to write until the MFU is typed: its row appears, empty or as it was.
        setMeasured(true);
        refresh();
        return;
    }
    // Another stack: the measured value goes, in the same step.
    m_mfu->clear();
    setMeasured(false);
    m_doc->setValue(m_path, id.isEmpty() ? QJsonValue(QJsonValue::Undefined) : QJsonValue(id),
                    ScenarioDocument::newEditSession());
    refresh();
}

void StackField::setMeasured(bool measured)
{
    if (m_measured == measured)
        return;
    m_measured = measured;
    Q_EMIT measuredChosenChanged(measured);
}

void StackField::showValue(const QJsonValue &value)
{
    // A measured MFU chosen but not typed yet stays chosen until the document's stack changes
    // (undo, redo, another file).
    const bool measured = isMeasuredText(value) || (value == m_shown && m_measured);
    m_shown = value;
    const QString id = measured ? kMeasuredId : value.isUndefined() ? QString() : fieldText(value).trimmed().toLower();
    m_combo->setCurrentIndex(m_combo->findData(id)); // none for an id this form does not list: the loader names it
    setMeasured(measured);
}

void StackField::showInvalid(bool invalid)
{
    if (m_measured) {
        showErrorText(QString()); // the measured value's row shows what is wrong with it
        Field::showInvalid(false);
        return;
    }
    Field::showInvalid(invalid);
}

} // namespace gpuplanner::ui
