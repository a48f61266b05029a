#include "ui/scenario/FieldBindings.h"

#include "ui/ThemeColors.h"
#include "ui/scenario/JsonPath.h"
#include "ui/scenario/ScenarioDocument.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QJsonArray>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QRegularExpression>
#include <QUndoStack>
#include <QVBoxLayout>

namespace gpuplanner::ui {

namespace {

std::optional<double> plainNumber(const QString &text)
{
    bool ok = false;
    double v = text.toDouble(&ok); // C locale first: what files and most people type
    if (!ok)
        v = QLocale().toDouble(text, &ok);
    return ok ? std::optional<double>(v) : std::nullopt;
}

} // namespace

QJsonValue fieldJson(FieldKind kind, const QString &text)
{
    const QString t = text.trimmed();
    if (t.isEmpty())
        return QJsonValue(QJsonValue::Undefined);
    switch (kind) {
    case FieldKind::Text:
        return t;
    case FieldKind::List: {
        QJsonArray a;
        for (const QString &part : t.split(u',', Qt::SkipEmptyParts)) {
            if (!part.trimmed().isEmpty())
                a.append(part.trimmed());
        }
        return a;
    }
    case FieldKind::Number:
    case FieldKind::Count:
    case FieldKind::Duration:
        // Anything else is kept as typed; the loader then names the problem.
        if (const auto v = plainNumber(t))
            return *v;
        return t;
    }
    return t;
}

QString fieldText(const QJsonValue &value)
{
    if (value.isDouble())
        return QString::number(value.toDouble(), 'g', 15);
    if (value.isString())
        return value.toString();
    if (value.isArray()) {
        QStringList parts;
        for (const QJsonValue &v : value.toArray())
            parts << fieldText(v);
        return parts.join(QStringLiteral(", "));
    }
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    return {};
}

Field::Field(ScenarioDocument *doc, QString path, QWidget *parent)
    : QWidget(parent), m_doc(doc), m_path(std::move(path)), m_error(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    // One line, cut at the field's width (the banner and the tooltip give it whole): a
    // word-wrapped label would make the field height-for-width, and QFormLayout in Qt 6.4.2
    // then writes past its row storage when rows are hidden (seen under valgrind).
    m_error->setVisible(false);
    m_error->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_error->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_error); // the editor goes above it (setEditor)
    connect(doc, &ScenarioDocument::changed, this, &Field::refresh);
}

void Field::setEditor(QWidget *editor)
{
    m_editor = editor;
    if (auto *own = qobject_cast<QLineEdit *>(editor))
        own->installEventFilter(this);
    for (QLineEdit *edit : editor->findChildren<QLineEdit *>())
        edit->installEventFilter(this);
    auto *layout = static_cast<QVBoxLayout *>(this->layout());
    layout->insertWidget(0, editor);
    setFocusProxy(editor);
}

bool Field::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        const bool undo = key->matches(QKeySequence::Undo);
        const bool redo = key->matches(QKeySequence::Redo);
        if (undo || redo) {
            if (event->type() == QEvent::ShortcutOverride)
                return true; // not the line edit's: the window's Edit ▸ Undo takes it
            // No window action took it (a field on its own): undo the document here.
            undo ? m_doc->undoStack()->undo() : m_doc->undoStack()->redo();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

bool Field::hasError() const
{
    return errorConcerns(m_doc->errorPath(), m_path);
}

void Field::refresh()
{
    showValue(m_doc->value(m_path));
    const bool invalid = hasError();
    showErrorText(invalid ? errorReasonOf(m_doc->error()) : QString());
    showInvalid(invalid);
}

void Field::showErrorText(const QString &text)
{
    if (!text.isEmpty()) {
        QPalette p = m_error->palette();
        p.setColor(QPalette::WindowText, errorTextColor(palette()));
        m_error->setPalette(p);
        m_error->setText(text);
    }
    m_error->setVisible(!text.isEmpty());
}

void Field::showInvalid(bool invalid)
{
    if (m_editor)
        m_editor->setToolTip(invalid ? m_doc->error() : toolTip());
}

LineField::LineField(ScenarioDocument *doc, const QString &path, FieldKind kind, const QString &placeholder,
                     QWidget *parent)
    : Field(doc, path, parent), m_kind(kind), m_edit(new QLineEdit(this))
{
    m_edit->setPlaceholderText(placeholder);
    m_edit->setClearButtonEnabled(true);
    setEditor(m_edit);
    m_session = ScenarioDocument::newEditSession();
    // A list ("H100, A100") is planned once its typing ends (Enter, leaving the field, saving),
    // never half-typed ("H100, A" would plan on an unknown GPU); other fields as they are typed.
    connect(m_edit, &QLineEdit::textEdited, this, [this](const QString &text) {
        if (m_kind == FieldKind::List)
            m_pending = true;
        else
            write(text);
    });
    connect(m_edit, &QLineEdit::editingFinished, this, [this] {
        if (m_pending)
            write(m_edit->text());
    });
    connect(doc, &ScenarioDocument::pendingEditsWanted, this, [this] {
        if (m_pending)
            write(m_edit->text());
    });
    refresh();
}

void LineField::write(const QString &text)
{
    m_pending = false;
    m_written = fieldJson(m_kind, text);
    m_doc->setValue(m_path, m_written, m_session);
}

void Field::trackTyping(QObject *watched, QEvent *event, QLineEdit *edit, quint64 &session, bool pending,
                        const std::function<void()> &writePending)
{
    if (watched != edit)
        return;
    if (event->type() == QEvent::FocusIn)
        session = ScenarioDocument::newEditSession();
    if ((event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress) && pending) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo))
            writePending();
    }
}

bool LineField::eventFilter(QObject *watched, QEvent *event)
{
    // Each stay of the keyboard in the field is one undo step, however slowly it is typed.
    trackTyping(watched, event, m_edit, m_session, m_pending, [this] { write(m_edit->text()); });
    return Field::eventFilter(watched, event);
}

void LineField::showValue(const QJsonValue &value)
{
    // While the user types, the document holds what they typed: leave the text and cursor alone.
    if (m_edit->hasFocus() && value == m_written && !m_edit->text().isEmpty())
        return;
    if (m_pending && m_edit->hasFocus())
        return; // a list being typed: it is written when the typing ends
    if (fieldJson(m_kind, m_edit->text()) == value)
        return;
    m_edit->setText(fieldText(value));
    m_written = value;
}

void LineField::showInvalid(bool invalid)
{
    QPalette p = m_edit->palette();
    const QColor base = palette().color(QPalette::Base);
    p.setColor(QPalette::Base, invalid ? invalidFieldColor(palette()) : base);
    m_edit->setPalette(p);
    m_edit->setAccessibleDescription(invalid ? m_doc->error() : QString());
}

ChoiceField::ChoiceField(ScenarioDocument *doc, const QString &path, const QList<std::pair<QString, QString>> &choices,
                         const QString &fallback, QWidget *parent)
    : Field(doc, path, parent), m_combo(new QComboBox(this)), m_fallback(fallback)
{
    for (const auto &[id, text] : choices)
        m_combo->addItem(text, id);
    setEditor(m_combo);
    connect(m_combo, &QComboBox::activated, this, [this](int index) {
        const QString id = m_combo->itemData(index).toString();
        bool isNumber = false;
        const double number = id.toDouble(&isNumber);
        if (id.isEmpty())
            m_doc->setValue(m_path, QJsonValue(QJsonValue::Undefined));
        else
            m_doc->setValue(m_path, m_numeric && isNumber ? QJsonValue(number) : QJsonValue(id));
    });
    refresh();
}

void ChoiceField::setAliases(QHash<QString, QString> aliases)
{
    m_aliases = std::move(aliases);
    refresh();
}

void ChoiceField::showValue(const QJsonValue &value)
{
    QString id = value.isUndefined() ? m_fallback : fieldText(value);
    id = m_aliases.value(id.toLower(), id);
    int index = m_combo->findData(id);
    if (index < 0)
        index = m_combo->findData(id.toLower());
    m_combo->setCurrentIndex(index);
    if (index < 0 && !id.isEmpty()) // an id this form does not list: show it rather than hide it
        m_combo->setCurrentText(id);
}

CheckField::CheckField(ScenarioDocument *doc, const QString &path, const QString &text, bool fallback, QWidget *parent)
    : Field(doc, path, parent), m_check(new QCheckBox(text, this)), m_fallback(fallback)
{
    setEditor(m_check);
    connect(m_check, &QCheckBox::toggled, this, [this](bool on) { m_doc->setValue(m_path, on); });
    refresh();
}

void CheckField::showValue(const QJsonValue &value)
{
    const QSignalBlocker block(m_check);
    m_check->setChecked(value.isBool() ? value.toBool() : m_fallback);
}

QString accessibleLabelText(QString label)
{
    // "&Dataset tokens:" reads "Dataset tokens"; "数据集 token 数(&D):" reads "数据集 token 数".
    label.remove(QRegularExpression(QStringLiteral("\\(&.\\)")));
    label.remove(u'&');
    while (label.endsWith(u':') || label.endsWith(u'：'))
        label.chop(1);
    return label.trimmed();
}

void addFieldRow(QFormLayout *form, const QString &label, Field *field, const QString &tip)
{
    auto *l = new QLabel(label, form->parentWidget());
    // The label's letter (Alt+D) goes to the editor itself: the field around it takes no focus.
    l->setBuddy(field->focusProxy() ? field->focusProxy() : field);
    l->setToolTip(tip);
    field->setToolTip(tip);
    field->focusProxy()->setToolTip(tip);
    // Screen readers name the editor itself, which sits inside the field, not beside the label.
    field->focusProxy()->setAccessibleName(accessibleLabelText(label));
    // Undo labels and the problem banner name the field as its label does.
    field->document()->setFieldName(field->path(), accessibleLabelText(label));
    form->addRow(l, field);
}

void addTableRow(QFormLayout *form, const QString &label, Field *field, const QString &tip)
{
    auto *l = new QLabel(label, form->parentWidget());
    l->setBuddy(field->focusProxy() ? field->focusProxy() : field);
    l->setToolTip(tip);
    field->setToolTip(tip);
    field->focusProxy()->setToolTip(tip);
    form->addRow(l);
    form->addRow(field);
    field->document()->setFieldName(field->path(), accessibleLabelText(label));
}

} // namespace gpuplanner::ui
