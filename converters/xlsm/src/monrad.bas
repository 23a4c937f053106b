Attribute VB_Name = "monrad"
' monrad - the buttons of the club workbook.
'
' The "monrad" ribbon tab calls Ribbon_PairNextRound, Ribbon_UpdateStandings and
' Ribbon_DrawStartNumbers and Ribbon_ExplainRound;
' PairNextRound, UpdateStandings, DrawStartNumbers and ExplainRound can also be run from Alt+F8.  Each one hands
' the work to the monrad Python package through RunPython of the xlwings add-in,
' which finds this workbook with xw.Book.caller().  Set both up once with
'     pip install "monrad[excel]"
'     monrad addin install
' This module holds no tournament logic: pairing and standings live in Python.
Option Explicit

Private Const XLWINGS_ADDIN As String = "xlwings.xlam"

Public Sub PairNextRound()
    CallMonrad "import monrad.addin.ribbon as r; r.pair_next_round()"
End Sub

Public Sub UpdateStandings()
    CallMonrad "import monrad.addin.ribbon as r; r.update_standings()"
End Sub

Public Sub DrawStartNumbers()
    CallMonrad "import monrad.addin.ribbon as r; r.draw_start_numbers()"
End Sub

Public Sub ExplainRound()
    CallMonrad "import monrad.addin.ribbon as r; r.explain_rounds()"
End Sub

Public Sub Ribbon_PairNextRound(control As Object)
    PairNextRound
End Sub

Public Sub Ribbon_UpdateStandings(control As Object)
    UpdateStandings
End Sub

Public Sub Ribbon_DrawStartNumbers(control As Object)
    DrawStartNumbers
End Sub

Public Sub Ribbon_ExplainRound(control As Object)
    ExplainRound
End Sub

Private Sub CallMonrad(command As String)
    On Error GoTo NoAddin
    Application.Run "'" & XLWINGS_ADDIN & "'!RunPython", command
    Exit Sub
NoAddin:
    MsgBox "The monrad buttons need the xlwings add-in." & vbCrLf & _
           "Install it once, from a terminal:" & vbCrLf & vbCrLf & _
           "    monrad addin install" & vbCrLf & vbCrLf & _
           "(Excel said: " & Err.Description & ")", vbExclamation, "monrad"
End Sub
