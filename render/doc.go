// Package render is the Chimera board: an Ebiten v2 game that draws the board,
// the pieces, both hands, the choice tokens and the animations, and turns
// pointer input into moves. It knows no rules: its owner (package app, through
// cmd/wasm) feeds it snapshots, legal move targets and move events. Everything
// with words around the board (header, move list, buttons, dialogs) is the
// page's HTML, not drawn here; the canvas is only as large as the board and
// its hands.
//
// # Driving it
//
//	g := render.New(render.Options{OnIntent: func(i model.Intent) { ... }})
//	g.SetPosition(board, targets)            // a new game, an undo, a viewed ply
//	render.Run(g, "Chimera")                 // runs Ebiten's loop
//
// After each move (the player's, reported as IntentMove, or the computer's):
//
//	g.PlayEvent(event, newBoard, newTargets) // animates, state final at once
//
// SetFlipped turns the board, SetStyle applies the player's settings
// (animation speed or none, legal-move dots, coordinates), CancelSelection
// drops a selection (the page's Escape key) and AnimationLeft says how long
// the running animation still takes (the owner holds the computer's reply
// back until the player's own move has landed).
//
// The board, targets and events are the plain types of package
// chimera/render/model. Targets drive the selection: a piece (or a hand piece)
// can be picked up when some target starts from it; the destination marks come
// from the targets' To and Kind (a dot for a quiet move, a ring for a capture,
// blue corner marks for a fusion or assimilation, a blue rounded frame for
// joining a bifold square). When several targets share a
// source and a destination the player gets choice tokens drawn with each
// target's Icon and Label; one tap answers.
//
// Intents (model.Intent) are delivered through Options.OnIntent from the game
// loop, without the renderer's lock held: IntentMove (Move string), and
// IntentDescribe (Square, Slot) for a right-click or a long press
// (input.LongPress) on the board, which asks the owner to name the piece.
// With Style.Edit (the position editor) the board makes no moves: a tap is
// IntentEditTap (Square, Slot) and a piece dragged IntentEditDrag (Square,
// Slot, To, Hand: onto a square, a hand, or off the board); PageHit tells
// what lies under a point of the page (the page's palette drags).
//
// SetOverlay draws marks and arrows over the position until the next
// position is set (model.Overlay): the squares a described piece reaches or
// covers, the player's attacked pieces and a suggested move (hints), the
// squares a lesson talks about. The owner computes them; the board only
// draws them.
//
// # Where the canvas is
//
// Ebiten puts its canvas in <body> at 100% of body's size and reports pointer
// positions relative to the viewport; the page makes <body> the board's box
// (web/app.css), wherever it is. Each update reads the canvas's offset
// (canvasOrigin) and turns pointer positions into canvas coordinates, so a
// tap lands on the square under it whatever the page around the canvas, the
// host page's scroll or an iframe's position.
//
// # Test hook support
//
// SquareCenter(sq) and HandCenter(color, letter) give CSS-pixel centres in
// the page's viewport for the current layout and orientation; Choices() lists the open choice's
// options with their CSS-pixel centres (nil when none); Animating() reports a
// running move animation; FPS() counts the frames of the last second (Draw
// calls), Repaints() those actually repainted (none on an idle board) and
// TPS() the updates.
//
// # Drawing and cost
//
// The screen is the window at the device scale factor (LayoutF), so text and
// pieces are crisp; tokens are rasterised once per size (package sprites) and
// cached, and so are strings (text.go: golang.org/x/image/font over the Go
// fonts, one small image per string and size, drawn with a colour scale;
// Ebiten's text/v2 is not linked, it would bring a whole shaping engine).
//
// On software WebGL (and on phones) a frame costs its pixels: every presented
// frame is a whole-canvas copy and read-back, whatever changed. So with
// ebiten.SetScreenClearedEveryFrame(false) (see Run) an idle board is not
// repainted at all, and Ebiten then presents nothing. What is repainted is
// one damage list (layout.Damage, repaint.go): a new position adds the
// squares and hands it changes (a move's arrival repaints its squares, not
// the board), the selection and the overlay add theirs, a new layout or
// style the whole canvas, and each frame adds where the moving tokens (the
// animation's, a dragged piece) were in the last frame and are now; the
// whole scene is drawn clipped to each merged rectangle. Run also asks for a
// WebGL context without a multisampled, alpha or depth back buffer (Ebiten
// draws into its own offscreen images; multisampling the canvas only added a
// resolve per frame), and Game copies the offscreen to the canvas without
// blending (DrawFinalScreen). Ebiten's anti-aliased vector drawing is avoided (it is
// very slow on software WebGL): round shapes are pre-rasterised.
//
// # Builds
//
// The Ebiten parts build for GOOS=js (the product) and, natively, only with
// the build tag "native" (go vet -tags native ./render), because a
// native Ebiten needs C compilers and X11/OpenGL headers that a plain
// `go vet ./...` or `go test ./...` machine may lack; without the tag this
// package is just its documentation natively, and the pure-Go sub-packages
// build and test everywhere.
//
// # Structure
//
// The pure-Go parts, tested with go test, are in sub-packages that do not
// import Ebiten: model (the types), layout (geometry and hit tests in CSS
// pixels), anim (animation plans from events, easing, sampling) and input (the
// selection, drag and choice state machine). The piece art is package
// chimera/sprites. This package only draws and glues them to Ebiten.
package render
