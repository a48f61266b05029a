#pragma once
// FieldBindings: form widgets bound to one JSON path of a ScenarioDocument. Each writes what
// the user typed on every edit (invalid text included, so it is never lost), refreshes on
// undo/redo/open, and shows the loader's message under itself when the problem is its own.

#include <QHash>
#include <QJsonValue>
#include <QString>
#include <QWidget>

#include <functional>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;

namespace gpuplanner::ui {

class ScenarioDocument;

enum class FieldKind {
    Text,     // a string as typed
    Number,   // a plain number
    Count,    // a number or a count with a suffix ("2T")
    Duration, // a number of hours or a duration with a unit ("30d", "15min", "2s")
    List,     // comma-separated strings, written as a JSON array
};

// The JSON written for text typed into a field of this kind; undefined (key removed) when blank.
QJsonValue fieldJson(FieldKind kind, const QString &text);
// The text shown for a stored value.
QString fieldText(const QJsonValue &value);

class Field : public QWidget
{
    Q_OBJECT

public:
    Field(ScenarioDocument *doc, QString path, QWidget *parent);

    const QString &path() const { return m_path; }
    ScenarioDocument *document() const { return m_doc; }
    QLabel *errorLabel() const { return m_error; }
    bool hasError() const;
    void refresh();

protected:
    // Ctrl+Z and Ctrl+Shift+Z in the field's own line edits undo and redo the document, not
    // only the characters typed: every edit is a document step already.
    bool eventFilter(QObject *watched, QEvent *event) override;
    void setEditor(QWidget *editor);
    // For a line edit written when its typing ends: each stay of the keyboard in `edit` is one undo
    // step (a new `session` on focus), and an undo or redo pressed while typing is pending writes the
    // typing first (writePending), so the undo takes back the typing. Call from eventFilter.
    static void trackTyping(QObject *watched, QEvent *event, QLineEdit *edit, quint64 &session, bool pending,
                            const std::function<void()> &writePending);
    // The line under the field, in the error colour; empty hides it.
    void showErrorText(const QString &text);
    virtual void showValue(const QJsonValue &value) = 0;
    virtual void showInvalid(bool invalid);

    ScenarioDocument *m_doc;
    QString m_path;
    QWidget *m_editor = nullptr;
    QLabel *m_error;
};

class LineField : public Field
{
    Q_OBJECT

public:
    LineField(ScenarioDocument *doc, const QString &path, FieldKind kind, const QString &placeholder, QWidget *parent);
    QLineEdit *edit() const { return m_edit; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void showValue(const QJsonValue &value) override;
    void showInvalid(bool invalid) override;

private:
    // Writes the typed text to the document (one undo step per stay of the keyboard).
    void write(const QString &text);

    FieldKind m_kind;
    QLineEdit *m_edit;
    QJsonValue m_written; // last value this field wrote; the document echoing it back changes nothing
    quint64 m_session = 0; // this stay of the keyboard's edit session; 0 before the first
    bool m_pending = false; // a list typed but not written yet (it is written when the typing ends)
};

class ChoiceField : public Field
{
    Q_OBJECT

public:
    // choices: (id, visible text); an empty id removes the key. fallback: the id shown when the key is absent.
    ChoiceField(ScenarioDocument *doc, const QString &path, const QList<std::pair<QString, QString>> &choices,
                const QString &fallback, QWidget *parent);
    QComboBox *combo() const { return m_combo; }
    // Stored ids shown as another item ("lora" shows as "finetune" in the kind list).
    void setAliases(QHash<QString, QString> aliases);
    // Ids that are numbers are written as JSON numbers (a choice among a few counts).
    void setNumericIds(bool numeric) { m_numeric = numeric; }

protected:
    void showValue(const QJsonValue &value) override;

private:
    QComboBox *m_combo;
    QString m_fallback;
    QHash<QString, QString> m_aliases;
    bool m_numeric = false;
};

class CheckField : public Field
{
    Q_OBJECT

public:
    CheckField(ScenarioDocument *doc, const QString &path, const QString &text, bool fallback, QWidget *parent);
    QCheckBox *check() const { return m_check; }

protected:
    void showValue(const QJsonValue &value) override;

private:
    QCheckBox *m_check;
    bool m_fallback;
};

// Adds "label" + field to form with the label as the field's buddy and tip on both.
void addFieldRow(QFormLayout *form, const QString &label, Field *field, const QString &tip);
// A field that needs the form's whole width (a table): its label on a row of its own above it.
void addTableRow(QFormLayout *form, const QString &label, Field *field, const QString &tip);
// A form label as a screen reader should say it: without the mnemonic and the colon.
QString accessibleLabelText(QString label);

} // namespace gpuplanner::ui
